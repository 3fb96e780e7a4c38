import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets kept in the metastore (database passwords) with AES-256-GCM under a key derived
 * from the app's secret key by HKDF-SHA256 with a purpose label, so the same secret key never signs
 * and encrypts with the same bytes. Ciphertext format (text, safe in any column):
 *
 *   v1.<base64url iv (12 bytes)>.<base64url tag (16 bytes)>.<base64url ciphertext>
 *
 * The version prefix lets a later format (or key rotation) coexist with stored v1 values.
 */

const VERSION = 'v1';
const LABEL = 'vitrina/secret-box/v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret that cannot be read: tampered with, or encrypted under another secret key. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const keys = new Map<string, Buffer>();

function keyOf(secretKey: string): Buffer {
  let key = keys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), LABEL, 32));
    keys.set(secretKey, key);
  }
  return key;
}

export function encryptSecret(secretKey: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(secretKey: string, stored: string): string {
  const parts = stored.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretBoxError('The stored secret is not in a known format');
  }
  const [, ivText, tagText, bodyText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretBoxError('The stored secret is not in a known format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64url')), decipher.final()]);
    return plain.toString('utf8');
  } catch {
    throw new SecretBoxError(
      'The stored secret cannot be decrypted: it was changed, or encrypted with another secret key',
    );
  }
}
