import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretBoxError } from './secretBox.ts';

const KEY = 'a-secret-key-of-some-length';

describe('secretBox', () => {
  it('round-trips, including empty and non-ASCII secrets', () => {
    for (const secret of ['hunter2', '', 'пароль с пробелами', 'p@ss:w/o?rd#%']) {
      const stored = encryptSecret(KEY, secret);
      expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
      expect(stored).not.toContain(secret || '\u0000');
      expect(decryptSecret(KEY, stored)).toBe(secret);
    }
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(KEY, 'same')).not.toBe(encryptSecret(KEY, 'same'));
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const stored = encryptSecret(KEY, 'hunter2');
    const [version, iv, tag, body] = stored.split('.') as [string, string, string, string];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(body)],
      [version, iv, flip(tag), body],
      [version, flip(iv), tag, body],
    ]) {
      expect(() => decryptSecret(KEY, tampered.join('.'))).toThrow(SecretBoxError);
    }
  });

  it('refuses another key and unknown formats', () => {
    const stored = encryptSecret(KEY, 'hunter2');
    expect(() => decryptSecret('another-secret-key-entirely', stored)).toThrow(/another secret key/);
    expect(() => decryptSecret(KEY, stored.replace(/^v1/, 'v9'))).toThrow(/known format/);
    expect(() => decryptSecret(KEY, 'plain text')).toThrow(SecretBoxError);
  });
});
