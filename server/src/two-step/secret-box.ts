import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/*
 * The authenticator secret at rest: AES-256-GCM under a key derived from the server's secret key, so a copy of the
 * two_step_secrets table alone (a backup, a leaked dump) yields no codes. `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */

const VERSION = 'v1';

function keyOf(secretKey: string): Buffer {
  return createHmac('sha256', secretKey).update('cv-builder.two-step.secret-box').digest();
}

export function seal(secretKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function open(secretKey: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('A two-step secret is not sealed as expected');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
