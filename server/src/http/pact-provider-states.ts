import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';
import { bodySchema, text } from './schemas.js';
import { createSessionToken, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from './session.js';

/** The state-setup URL of a reference server started with PACT_PROVIDER_STATES=1. */
export const PROVIDER_STATES_PATH = '/_pact/provider-states';

interface StateChange {
  state: string;
  params?: Record<string, unknown>;
  action?: 'setup' | 'teardown';
}

/**
 * Pact's provider-state setup URL (the body every Pact verifier posts: `{ state, params, action }`), registered only
 * in test mode: a setup empties the per-state data and seeds the state with the handlers of
 * `server/tests/pact/states/`, answers the values the state hands the consumer's `fromProviderState` expressions,
 * and, for a signed-in state, the session cookie (`npm run pact:verify` replays it on the interaction's request).
 */
export async function pactProviderStatesRoutes(app: FastifyInstance): Promise<void> {
  // Test code, loaded only when the flag is on: a production start never reads it.
  const { loadStates, resetData } = await import('../../tests/pact/provider-state.js');
  const states = await loadStates();
  app.post<{ Body: StateChange }>(
    PROVIDER_STATES_PATH,
    {
      config: { csrf: false },
      schema: bodySchema(
        {
          state: text(500),
          params: { type: 'object' },
          action: { type: 'string', enum: ['setup', 'teardown'] },
        },
        ['params', 'action'],
      ),
    },
    async (request, reply) => {
      const { state, params = {}, action = 'setup' } = request.body;
      const handler = states[state];
      if (!handler)
        throw badRequest(`No provider state "${state}" on this server (server/tests/pact/states/).`);
      if (action === 'teardown') return {};
      await resetData(app.db, app.dialect);
      let session: string | undefined;
      const values = await handler({
        app,
        db: app.db,
        params,
        signIn: async (userId) => {
          session = await createSessionToken(app.db, userId);
        },
      });
      if (session)
        reply.setCookie(SESSION_COOKIE, session, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          maxAge: SESSION_MAX_AGE_SECONDS,
        });
      return values ?? {};
    },
  );
}
