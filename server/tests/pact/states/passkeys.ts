import { now } from '../../../src/auth/clock.js';
import { relyingPartyFor } from '../../../src/passkeys/relying-party.js';
import { storeChallenge } from '../../../src/passkeys/repository.js';
import { CHALLENGE_TTL_MS, userHandleOf } from '../../../src/passkeys/routes.js';
import {
  authenticationAnswer,
  newSoftwarePasskey,
  registrationAnswer,
  storedPublicKey,
  type SoftwarePasskey,
} from '../../helpers/software-authenticator.js';
import type { ProviderStateContext, ProviderStates, ProviderStateValues } from '../provider-state.js';
import { ALICE, states as authStates } from './auth.js';

/*
 * Provider states for passkeys (an extension):
 * - 'a signed-in user with a passkey'                  → ALICE signed in, with PACT_PASSKEY ('Work laptop')
 * - 'a signed-in user adding a passkey'                → ALICE signed in, a registration challenge handed out and
 *                                                        answered by a software authenticator; injects
 *                                                        credential_id, client_data_json, attestation_object
 * - 'a passkey sign-in under way'                      → ALICE with a passkey, not signed in, a sign-in challenge
 *                                                        answered and signed by it; injects credential_id,
 *                                                        client_data_json, authenticator_data, signature,
 *                                                        user_handle
 * - 'a passkey sign-in under way with a removed passkey' → the same answer, from a passkey the server does not hold
 *
 * The answers are signed at verification time over the server's own origin and a challenge it stored, so the
 * consumer cannot know them: it names them with `fromProviderState`.
 */

/** The passkey the list, rename and remove interactions name (a fixed id). */
export const PACT_PASSKEY = { id: 4242, name: 'Work laptop' } as const;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function relyingParty(context: ProviderStateContext) {
  const rp = relyingPartyFor(context.app.config.publicUrl);
  if (!rp.available) throw new Error(rp.reason);
  return { origin: rp.origin, rpId: rp.id };
}

async function insertPasskey(
  context: ProviderStateContext,
  passkey: SoftwarePasskey,
  id: number,
  name: string,
) {
  await context.db
    .insertInto('passkeys')
    .values({
      id,
      user_id: ALICE.id,
      credential_id: b64url(passkey.credentialId),
      public_key: storedPublicKey(passkey),
      counter: passkey.counter,
      transports: JSON.stringify(['internal']),
      name,
      backed_up: 1,
      created_at: '2026-11-20T10:00:00.000Z',
      last_used_at: null,
    })
    .execute();
}

async function signInUnderWay(context: ProviderStateContext, held: boolean): Promise<ProviderStateValues> {
  await authStates['a registered, confirmed user alice@example.com with password Passw0rd!']!(context);
  const passkey = newSoftwarePasskey();
  passkey.userHandle = b64url(userHandleOf(context.app.config.secretKey!, ALICE.id));
  if (held) await insertPasskey(context, passkey, PACT_PASSKEY.id, PACT_PASSKEY.name);
  const challenge = b64url(crypto.getRandomValues(new Uint8Array(32)));
  await storeChallenge(
    context.db,
    { value: challenge, purpose: 'authentication', userId: null },
    now(),
    CHALLENGE_TTL_MS,
  );
  const answer = authenticationAnswer(passkey, { challenge }, relyingParty(context));
  return {
    credential_id: answer.id,
    client_data_json: answer.response.clientDataJSON,
    authenticator_data: answer.response.authenticatorData,
    signature: answer.response.signature,
    user_handle: answer.response.userHandle!,
  };
}

export const states: ProviderStates = {
  'a signed-in user with a passkey': async (context) => {
    await authStates['a signed-in user']!(context);
    await insertPasskey(context, newSoftwarePasskey(), PACT_PASSKEY.id, PACT_PASSKEY.name);
  },
  'a signed-in user adding a passkey': async (context) => {
    await authStates['a signed-in user']!(context);
    const challenge = b64url(crypto.getRandomValues(new Uint8Array(32)));
    await storeChallenge(
      context.db,
      { value: challenge, purpose: 'registration', userId: ALICE.id },
      now(),
      CHALLENGE_TTL_MS,
    );
    const answer = registrationAnswer(newSoftwarePasskey(), { challenge }, relyingParty(context));
    return {
      credential_id: answer.id,
      client_data_json: answer.response.clientDataJSON,
      attestation_object: answer.response.attestationObject,
    };
  },
  'a passkey sign-in under way': (context) => signInUnderWay(context, true),
  'a passkey sign-in under way with a removed passkey': (context) => signInUnderWay(context, false),
};
