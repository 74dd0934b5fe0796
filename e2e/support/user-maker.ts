// Runs in a worker thread of a Playwright worker (e2e/support/accounts.ts starts it): makes accounts as
// `npm run user:create` does (the same argument checks, the same repository), but in one long-lived thread, not a new
// npm and tsx process per account (1-5 s each, ~1 s of CPU, most of it loading the server's modules).
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createAccount, parseUserCreateArgs } from '../../server/src/cli/user-create.js';
import { createDatabase } from '../../server/src/db/database.js';

export interface UserMakerRequest {
  /** The arguments of `npm run user:create --`. */
  args: string[];
  /** Set to 1 (and notified) when the answer is on `reply`. */
  signal: Int32Array;
  reply: MessagePort;
}
export type UserMakerAnswer = { ok: true } | { ok: false; error: string };

// The e2e server migrated the database before it answered its health check, which the journeys wait for.
const database = createDatabase((workerData as { databaseUrl: string }).databaseUrl);

async function make(args: string[]): Promise<void> {
  await createAccount(database.db, parseUserCreateArgs(args));
}

parentPort!.on('message', ({ args, signal, reply }: UserMakerRequest) => {
  make(args)
    .then(
      () => reply.postMessage({ ok: true } satisfies UserMakerAnswer),
      (error: unknown) =>
        reply.postMessage({
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies UserMakerAnswer),
    )
    .finally(() => {
      Atomics.store(signal, 0, 1);
      Atomics.notify(signal, 0);
    });
});
