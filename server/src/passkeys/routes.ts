import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_PASSKEY_NAME_LENGTH,
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_MESSAGES,
  passkeyNameProblem,
} from '../../../rules/passkeys.js';
import { now } from '../auth/clock.js';
import { DETAILS } from '../auth/routes.js';
import { badRequest, forbidden, notFound, serviceUnavailable } from '../http/errors.js';
import { hit, releaseAttempt, type RateLimit } from '../http/rate-limit.js';
import { bodySchema, text } from '../http/schemas.js';
import { requireUser, startSession } from '../http/session.js';
import { recordSecurityEvent } from '../security/events.js';
import { describeUserAgent } from '../profile/sessions.js';
import { findUserById } from '../users/repository.js';
import { relyingPartyFor, type RelyingParty } from './relying-party.js';
import {
  consumeChallenge,
  countPasskeysOf,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  passkeyOf,
  passkeysOf,
  recordPasskeyUse,
  renamePasskey,
  storeChallenge,
  type ChallengePurpose,
  type Passkey,
} from './repository.js';

/** A passkey as its owner sees it (`GET /auth/passkeys/`). */
export interface ListedPasskey {
  id: number;
  name: string;
  created: string;
  last_used: string | null;
  /** The authenticator keeps it backed up (synced to the person's other devices). */
  backed_up: boolean;
}

const MINUTE = 60 * 1000;
/** How long the browser is told a ceremony may take. */
export const CEREMONY_TIMEOUT_MS = 5 * MINUTE;
/** How long a challenge stays usable: the ceremony's time and a margin (the sign-in page's autofill waits). */
export const CHALLENGE_TTL_MS = 10 * MINUTE;

export const RATE_LIMIT_KEYS = {
  /** Sign-in challenges handed to one client address (each is a row until it expires). */
  loginOptions: (ip: string) => `passkey-login-options:ip:${ip}`,
  /** Failed passkey sign-ins from one client address. */
  login: (ip: string) => `passkey-login:ip:${ip}`,
  /** Passkeys a person starts adding. */
  registerOptions: (userId: number) => `passkey-register:user:${userId}`,
};

export const RATE_LIMITS = {
  loginOptions: { limit: 60, windowMs: 15 * MINUTE },
  login: { limit: 30, windowMs: 15 * MINUTE },
  registerOptions: { limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

// A browser's answer as @simplewebauthn/browser sends it: the fields the server reads are required, the rest pass
// through to the library (which ignores what it does not know).
const base64url = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' }) as const;
const credentialBase = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: { type: 'string', enum: ['public-key'] },
  clientExtensionResults: { type: 'object' },
  authenticatorAttachment: text(32),
} as const;
const registrationCredential = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    ...credentialBase,
    response: {
      type: 'object',
      required: ['clientDataJSON', 'attestationObject'],
      properties: {
        clientDataJSON: base64url(8192),
        attestationObject: base64url(65536),
        transports: { type: 'array', maxItems: 10, items: text(32) },
      },
    },
  },
} as const;
const authenticationCredential = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    ...credentialBase,
    response: {
      type: 'object',
      required: ['clientDataJSON', 'authenticatorData', 'signature'],
      properties: {
        clientDataJSON: base64url(8192),
        authenticatorData: base64url(16384),
        // Post-quantum signatures (ML-DSA, which Chromium's authenticators may choose) run to several kilobytes.
        signature: base64url(16384),
        userHandle: { type: ['string', 'null'], maxLength: 1024 },
      },
    },
  },
} as const;
// Generous: the exact limit is checked in code, with the rule's words.
const nameSchema = text(MAX_PASSKEY_NAME_LENGTH * 4);
const idParams = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
} as const;

export function listed(passkey: Passkey): ListedPasskey {
  return {
    id: passkey.id,
    name: passkey.name,
    created: passkey.created_at,
    last_used: passkey.last_used_at,
    backed_up: passkey.backed_up === 1,
  };
}

/** 'Chrome on Linux': where the passkey was added, when the person gives it no name. */
export function defaultPasskeyName(userAgent: string | undefined): string {
  const { browser, os } = describeUserAgent(userAgent ?? null);
  if (browser === 'Unknown browser' && os === 'Unknown system') return 'Passkey';
  return `${browser.replace(/ \d+$/, '')} on ${os}`.slice(0, MAX_PASSKEY_NAME_LENGTH);
}

/** The name as sent, trimmed and checked; undefined when none was given. */
function checkedName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  const problem = passkeyNameProblem(trimmed);
  if (problem) throw badRequest(problem);
  return trimmed;
}

/**
 * The WebAuthn user handle of an account: stable (so a second registration on one authenticator replaces, not
 * doubles, its credential there), opaque (derived with the secret key, not the row id) and stored nowhere.
 */
export function userHandleOf(secretKey: string, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', secretKey).update(`passkey-user:${userId}`).digest());
}

/** The challenge a browser's answer signed (its clientDataJSON), or the 400 an unreadable answer deserves. */
function challengeOf(clientDataJSON: string): string {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    if (typeof challenge !== 'string' || challenge === '') throw new Error('no challenge');
    return challenge;
  } catch {
    throw badRequest(PASSKEY_MESSAGES.unreadable);
  }
}

/**
 * Passkeys (an extension): a signed-in person adds, names, renames and removes passkeys; anyone signs in with one.
 * A passkey proves both something the person has (the authenticator) and something they are or know (its user
 * verification), so a passkey sign-in needs no second step. docs/features/passkeys.md.
 */
export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const relyingParty = relyingPartyFor(app.config.publicUrl);
  function requireRelyingParty(): Extract<RelyingParty, { available: true }> {
    if (!relyingParty.available) throw serviceUnavailable(relyingParty.reason);
    return relyingParty;
  }
  const limit = (key: string, rule: RateLimit) => hit(app.db, key, rule, now());

  async function spendChallenge(clientDataJSON: string, purpose: ChallengePurpose, userId: number | null) {
    const challenge = challengeOf(clientDataJSON);
    if (!(await consumeChallenge(app.db, { value: challenge, purpose, userId }, now()))) {
      throw badRequest(PASSKEY_MESSAGES.requestExpired);
    }
    return challenge;
  }

  app.get('/auth/passkeys/', async (request): Promise<ListedPasskey[]> => {
    const userId = requireUser(request);
    return (await passkeysOf(app.db, userId)).map(listed);
  });

  app.post('/auth/passkeys/register/options/', async (request) => {
    const userId = requireUser(request);
    const rp = requireRelyingParty();
    const user = await findUserById(app.db, userId);
    if (!user) throw notFound();
    const existing = await passkeysOf(app.db, userId);
    if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw badRequest(PASSKEY_MESSAGES.tooMany);
    await limit(RATE_LIMIT_KEYS.registerOptions(userId), RATE_LIMITS.registerOptions);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: user.full_name,
      userID: userHandleOf(app.config.secretKey!, userId),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      // The same authenticator twice would be one passkey listed twice.
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credential_id,
        transports: JSON.parse(passkey.transports) as string[],
      })),
      // A passkey: kept on the authenticator (discoverable, so no email is typed) and unlocked by the person.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await storeChallenge(
      app.db,
      { value: options.challenge, purpose: 'registration', userId },
      now(),
      CHALLENGE_TTL_MS,
    );
    return options;
  });

  app.post<{ Body: { credential: RegistrationResponseJSON; name?: string } }>(
    '/auth/passkeys/register/',
    { schema: bodySchema({ credential: registrationCredential, name: nameSchema }, ['name']) },
    async (request, reply) => {
      const userId = requireUser(request);
      const rp = requireRelyingParty();
      const name = checkedName(request.body.name) ?? defaultPasskeyName(request.headers['user-agent']);
      const { credential } = request.body;
      const challenge = await spendChallenge(credential.response.clientDataJSON, 'registration', userId);
      const verification = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch((error: unknown) => {
        request.log.info({ reason: (error as Error).message }, 'passkey registration refused');
        return { verified: false as const };
      });
      if (!verification.verified) throw badRequest(PASSKEY_MESSAGES.notVerified);
      const { credential: verified, credentialBackedUp } = verification.registrationInfo;
      const passkey = await app.db.transaction().execute(async (trx) => {
        if (await findPasskeyByCredentialId(trx, verified.id))
          throw badRequest(PASSKEY_MESSAGES.alreadyRegistered);
        if ((await countPasskeysOf(trx, userId)) >= MAX_PASSKEYS_PER_ACCOUNT)
          throw badRequest(PASSKEY_MESSAGES.tooMany);
        const added = await insertPasskey(
          trx,
          {
            userId,
            credentialId: verified.id,
            publicKey: Buffer.from(verified.publicKey).toString('base64url'),
            counter: verified.counter,
            transports: verified.transports ?? credential.response.transports ?? [],
            name,
            backedUp: credentialBackedUp,
          },
          now(),
        );
        await recordSecurityEvent(trx, { userId, kind: 'passkey_added', request, detail: { name: added.name } });
        return added;
      });
      return reply.code(201).send({ ...listed(passkey), detail: PASSKEY_MESSAGES.added });
    },
  );

  app.post('/auth/passkeys/login/options/', async (request) => {
    const rp = requireRelyingParty();
    await limit(RATE_LIMIT_KEYS.loginOptions(request.ip), RATE_LIMITS.loginOptions);
    // No allowCredentials: the browser offers the person's discoverable passkeys for this site, no email typed.
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    });
    await storeChallenge(
      app.db,
      { value: options.challenge, purpose: 'authentication', userId: null },
      now(),
      CHALLENGE_TTL_MS,
    );
    return options;
  });

  app.post<{ Body: { credential: AuthenticationResponseJSON } }>(
    '/auth/passkeys/login/',
    { schema: bodySchema({ credential: authenticationCredential }) },
    async (request, reply) => {
      const rp = requireRelyingParty();
      const { credential } = request.body;
      const attempt = await limit(RATE_LIMIT_KEYS.login(request.ip), RATE_LIMITS.login);
      const userId = await verifiedSignIn(request, rp, credential);
      // A signed answer: no failure of this address.
      await releaseAttempt(app.db, attempt);
      await startSession(request, reply, userId, { method: 'passkey' });
      return { user_id: userId, detail: DETAILS.signedIn };
    },
  );

  /** The account a sign-in's answer proves, or the 400/403 it deserves. */
  async function verifiedSignIn(
    request: FastifyRequest,
    rp: Extract<RelyingParty, { available: true }>,
    credential: AuthenticationResponseJSON,
  ): Promise<number> {
    const challenge = await spendChallenge(credential.response.clientDataJSON, 'authentication', null);
    const passkey = await findPasskeyByCredentialId(app.db, credential.id);
    if (!passkey) throw badRequest(PASSKEY_MESSAGES.unknownPasskey);
    const verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: JSON.parse(passkey.transports) as string[],
      },
      requireUserVerification: true,
    }).catch((error: unknown) => {
      // A bad signature, another site's answer, no user verification, a counter that went back (a cloned key).
      request.log.info({ reason: (error as Error).message }, 'passkey sign-in refused');
      return undefined;
    });
    if (!verification?.verified) {
      // The owner sees a refused passkey in their security activity, as a refused password.
      await recordSecurityEvent(app.db, {
        userId: passkey.user_id,
        kind: 'signin_refused',
        request,
        detail: { method: 'passkey', reason: 'not_verified' },
      });
      throw badRequest(PASSKEY_MESSAGES.notVerified);
    }
    const user = await findUserById(app.db, passkey.user_id);
    // A deleted account has no passkeys left; a deactivated one answers as an unknown passkey does.
    if (!user || user.deleted_at !== null || user.deactivated_at !== null) {
      throw badRequest(PASSKEY_MESSAGES.unknownPasskey);
    }
    if (user.is_active !== 1 || user.email_confirmed_at === null) throw forbidden(DETAILS.accountDisabled);
    await recordPasskeyUse(
      app.db,
      passkey.id,
      {
        counter: verification.authenticationInfo.newCounter,
        backedUp: verification.authenticationInfo.credentialBackedUp,
      },
      now(),
    );
    return user.id;
  }

  app.patch<{ Params: { id: number }; Body: { name: string } }>(
    '/auth/passkeys/:id/',
    { schema: { ...idParams, ...bodySchema({ name: nameSchema }) } },
    async (request) => {
      const userId = requireUser(request);
      const name = checkedName(request.body.name)!;
      const passkey = await renamePasskey(app.db, userId, request.params.id, name);
      // Another person's passkey, a removed one and a made-up id are all simply not found.
      if (!passkey) throw notFound();
      return { ...listed(passkey), detail: PASSKEY_MESSAGES.renamed };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/auth/passkeys/:id/',
    { schema: idParams },
    async (request, reply) => {
      const userId = requireUser(request);
      const passkey = await passkeyOf(app.db, userId, request.params.id);
      // Another person's passkey, a removed one and a made-up id are all simply not found.
      if (!passkey || !(await deletePasskey(app.db, userId, passkey.id))) throw notFound();
      await recordSecurityEvent(app.db, { userId, kind: 'passkey_removed', request, detail: { name: passkey.name } });
      return reply.code(204).send();
    },
  );
}
