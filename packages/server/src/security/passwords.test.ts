import { randomBytes, scryptSync } from 'node:crypto';
import { expect, it } from 'vitest';
import { hashPassword, needsRehash, PASSWORD_PARAMETERS, verifyPassword } from './passwords.ts';

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

function storedAt(cost: number, blockSize = 8, parallelism = 1): string {
  const salt = randomBytes(16);
  const key = scryptSync('pw', salt, 64, {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: 256 * 1024 * 1024,
  });
  return ['scrypt', cost, blockSize, parallelism, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

it('hashes at OWASP’s scrypt parameters in production (N=2^17, r=8, p=1)', () => {
  expect(PASSWORD_PARAMETERS).toEqual({ cost: 131072, blockSize: 8, parallelism: 1 });
});

it('asks to re-hash what is weaker than the target, and nothing at or above it', () => {
  // Hashes made before at N=2^15 are upgraded at the next sign-in.
  expect(needsRehash(storedAt(32768), PASSWORD_PARAMETERS)).toBe(true);
  expect(needsRehash(storedAt(2048, 4), { cost: 2048, blockSize: 8, parallelism: 1 })).toBe(true);
  expect(needsRehash(storedAt(2048), { cost: 2048, blockSize: 8, parallelism: 1 })).toBe(false);
  expect(needsRehash(storedAt(4096), { cost: 2048, blockSize: 8, parallelism: 1 })).toBe(false);
  expect(needsRehash('plain-text', PASSWORD_PARAMETERS)).toBe(true);
});

it('verifies nothing against parameters scrypt refuses', async () => {
  expect(await verifyPassword('x', 'scrypt$3$8$1$c2FsdA$aGFzaA')).toBe(false);
  expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$c2FsdA$aGFzaA`)).toBe(false);
});
