import type { FastifyInstance } from 'fastify';

// JSON.parse would keep "__proto__" as an own key, which a later Object.assign turns into a prototype.
const dropPrototypeKeys = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

/**
 * Replaces fastify's JSON parser so an empty body (e.g. `POST /auth/logout/` with a JSON content
 * type and nothing in it) reads as no body instead of an error; malformed JSON is still a 400.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // An unknown route answers 404 whatever its body holds.
    if (request.is404) return done(null, undefined);
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, dropPrototypeKeys));
    } catch {
      const error = new SyntaxError('Request body is not valid JSON.') as SyntaxError & {
        statusCode: number;
      };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
}
