import { randomBytes, scryptSync } from 'node:crypto';
import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

it('verifies the password it hashed and nothing else', async () => {
  const stored = await hashPassword('correct horse');
  expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]+\$[\w-]+$/);
  expect(await verifyPassword('correct horse', stored)).toBe(true);
  expect(await verifyPassword('correct horse!', stored)).toBe(false);
  expect(await hashPassword('correct horse')).not.toBe(stored);
});

it('verifies a hash at the cost written in it, so hashes of another cost keep working', async () => {
  const salt = randomBytes(16);
  const key = scryptSync('s3cret', salt, 64, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const stored = ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  expect(await verifyPassword('s3cret', stored)).toBe(true);
  expect(await verifyPassword('secret', stored)).toBe(false);
});

it('rejects stored values that are not scrypt hashes', async () => {
  expect(await verifyPassword('x', 'plain-text')).toBe(false);
  expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
});
