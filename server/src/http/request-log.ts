import type { FastifyInstance } from 'fastify';

// Query parameters whose values are secrets or personal: confirmation and reset links carry a token and a user id,
// OAuth callbacks a code and a state.
const SECRET_QUERY = /token|code|state|secret|password|key|uid|email|signature/i;

// A share link's slug opens the CV it shares: a secret as a token is (server/src/shares/).
const SHARE_SLUG = /^\/s\/[^/?]+/;

/** The request's path with a share link's slug and the value of every secret-looking query parameter replaced. */
export function loggablePath(path: string): string {
  const url = path.replace(SHARE_SLUG, '/s/[redacted]');
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  const kept = [...params.keys()].map((name) =>
    SECRET_QUERY.test(name) ? `${name}=[redacted]` : `${name}=${encodeURIComponent(params.get(name) ?? '')}`,
  );
  return `${url.slice(0, mark)}?${[...new Set(kept)].join('&')}`;
}

/**
 * One log line per request, written when the answer has gone (Fastify's own two lines per request are off in
 * app.ts). It names the method, the path (secrets in the query redacted), the status, the time taken and the user id;
 * never a header, a cookie or a body.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: loggablePath(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.userId ? { user: request.userId } : {}),
      },
      'request',
    );
  });
}
