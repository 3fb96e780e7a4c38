import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt parameters: N=2^15 costs ~50 ms per hash here, enough against offline guessing. */
const PRODUCTION_COST = 32768;
/**
 * Tests create and log in hundreds of users; at the production cost that alone took minutes of the suite.
 * Hashes name their own cost, so a cheaper one made in tests still verifies the same way.
 */
const TEST_COST = 1024;
let cost = PRODUCTION_COST;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(
  plain: string,
  salt: Buffer,
  cost: number,
  blockSize: number,
  parallelism: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      plain,
      salt,
      KEY_LENGTH,
      { N: cost, r: blockSize, p: parallelism, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, self-describing so the cost can be raised later without breaking old hashes. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(plain, salt, cost, BLOCK_SIZE, PARALLELISM);
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(
    plain,
    Buffer.from(salt, 'base64url'),
    Number(cost),
    Number(blockSize),
    Number(parallelism),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Only the test setup calls this (packages/server/src/testing/setup.ts); a server never does. */
export function useTestPasswordCost(): void {
  cost = TEST_COST;
}
