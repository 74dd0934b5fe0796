import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * What a provider-state handler gets. States are plain sentences ('a signed-in user with a saved CV');
 * each domain keeps its handlers in `server/tests/pact/states/<domain>.ts` exporting `states`.
 */
export interface ProviderStateContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** Parameters given with the state in the pact, if any. */
  params: Record<string, unknown>;
  /** From now on, the verifier's requests carry a session of this user (a real session row and cookie). */
  signIn(userId: number): Promise<void>;
}

/**
 * Values a state hands back for the consumer's `fromProviderState('${name}', example)` expressions,
 * e.g. a token signed with the server's key that the consumer cannot know in advance.
 */
export type ProviderStateValues = Record<string, string | number | boolean>;

export type ProviderStates = Record<string, (context: ProviderStateContext) => Promise<void | ProviderStateValues>>;
