import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A passkey authenticator in software, for the server's tests and the Pact provider states: it answers the options
 * the server hands out as a browser with a platform authenticator would (ES256 keys, 'none' attestation, user
 * present and verified), so the real @simplewebauthn/server verification runs on real signatures. The e2e journey
 * uses Chromium's virtual authenticator instead (e2e/passkeys.spec.ts).
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  userHandle?: string;
}

export interface AnswerOptions {
  /** The page the browser is on; the server expects its relying party's origin. */
  origin: string;
  rpId: string;
  /** Default true: the person unlocked the authenticator. */
  userVerified?: boolean;
  /** Override the challenge signed (a replayed or foreign one). */
  challenge?: string;
  type?: string;
}

/** The COSE (EC2, ES256) form of a P-256 public key. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export function newSoftwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(16), privateKey, publicKey, counter: 0 };
}

/** The browser's answer to registration options (`navigator.credentials.create`), as JSON for the server. */
export function registrationAnswer(
  passkey: SoftwarePasskey,
  options: { challenge: string; user?: { id: string } },
  answer: AnswerOptions,
) {
  passkey.userHandle = options.user?.id;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(passkey.credentialId.length);
  const attested = Buffer.concat([
    Buffer.alloc(16),
    idLength,
    passkey.credentialId,
    coseKey(passkey.publicKey),
  ]);
  const flags =
    FLAG_USER_PRESENT |
    (answer.userVerified === false ? 0 : FLAG_USER_VERIFIED) |
    FLAG_BACKUP_ELIGIBLE |
    FLAG_BACKED_UP |
    FLAG_ATTESTED_DATA;
  const authData = authenticatorData(answer.rpId, flags, passkey.counter, attested);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const id = b64url(passkey.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response: {
      clientDataJSON: b64url(
        clientData(answer.type ?? 'webauthn.create', answer.challenge ?? options.challenge, answer.origin),
      ),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  };
}

/** The browser's answer to sign-in options (`navigator.credentials.get`): a signed assertion. */
export function authenticationAnswer(
  passkey: SoftwarePasskey,
  options: { challenge: string },
  answer: AnswerOptions,
) {
  passkey.counter += 1;
  const flags =
    FLAG_USER_PRESENT |
    (answer.userVerified === false ? 0 : FLAG_USER_VERIFIED) |
    FLAG_BACKUP_ELIGIBLE |
    FLAG_BACKED_UP;
  const authData = authenticatorData(answer.rpId, flags, passkey.counter);
  const clientDataJSON = clientData(
    answer.type ?? 'webauthn.get',
    answer.challenge ?? options.challenge,
    answer.origin,
  );
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  const id = b64url(passkey.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle ?? null,
    },
  };
}

/** The public key as the server stores it (base64url of its COSE form), for seeding a passkey row directly. */
export function storedPublicKey(passkey: SoftwarePasskey): string {
  return b64url(coseKey(passkey.publicKey));
}
