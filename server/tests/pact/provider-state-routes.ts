import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../src/http/errors.js';
import { bodySchema, text } from '../../src/http/schemas.js';
import { createSessionToken, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../../src/http/session.js';
import { loadStates, resetData } from './provider-state.js';

/** The state-setup URL of a reference server started with PACT_PROVIDER_STATES=1. */
export const PROVIDER_STATES_PATH = '/_pact/provider-states';

interface StateChange {
  state: string;
  params?: Record<string, unknown>;
  action?: 'setup' | 'teardown';
}

/**
 * Pact's provider-state setup URL (the body every Pact verifier posts: `{ state, params, action }`): a setup empties
 * the per-state data and seeds the state with the handlers of `server/tests/pact/states/`, answers the values the
 * state hands the consumer's `fromProviderState` expressions, and, for a signed-in state, the session cookie
 * (`npm run pact:verify` replays it on the interaction's request). Test code: the tests hand it to buildApp
 * (helpers/app.ts), which registers it in test mode only (PACT_PROVIDER_STATES=1); production code never loads it.
 */
export async function pactProviderStatesRoutes(app: FastifyInstance): Promise<void> {
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
      const cookies = new Map<string, string>();
      const values = await handler({
        app,
        db: app.db,
        params,
        signIn: async (userId) => {
          session = await createSessionToken(app.db, userId);
        },
        setCookie: (name, value) => cookies.set(name, value),
      });
      for (const [name, value] of cookies) reply.setCookie(name, value, { path: '/', httpOnly: true, sameSite: 'lax' });
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
