import type { FastifyInstance } from 'fastify';

/** What GET /v1/support/ answers (an extension of the spec's API): where people get help. */
export interface SupportAnswer {
  email: string | null;
}

/** The /contact page's one call: the operator's support address (SUPPORT_EMAIL), public, no session needed. */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/support/', async (_request, reply): Promise<SupportAnswer> => {
    reply.header('cache-control', 'public, max-age=60');
    return { email: app.config.supportEmail };
  });
}
