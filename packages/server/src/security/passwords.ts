import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParameters {
  /** CPU/memory cost (a power of two). */
  cost: number;
  blockSize: number;
  parallelism: number;
}

/**
 * OWASP's scrypt parameters (Password Storage Cheat Sheet): N=2^17, r=8, p=1. One hash takes 128 MiB
 * for about 0.4 s here; Node runs at most as many at once as its thread pool has threads (4), and the
 * sign-in limit counts an attempt before its hash is computed.
 */
export const PASSWORD_PARAMETERS: ScryptParameters = { cost: 2 ** 17, blockSize: 8, parallelism: 1 };
/**
 * Tests create and log in hundreds of users; at the production cost that alone took minutes of the suite.
 * Hashes name their own cost, so a cheaper one made in tests still verifies the same way.
 */
const TEST: ScryptParameters = { cost: 1024, blockSize: 8, parallelism: 1 };
let current = PASSWORD_PARAMETERS;
const KEY_LENGTH = 64;
/** scrypt needs 128·N·r·p bytes; this leaves room for N=2^17 with r=8 and refuses anything absurd. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(plain: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const { cost, blockSize, parallelism } = parameters;
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

interface StoredHash extends ScryptParameters {
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): StoredHash | null {
  const [scheme, cost, blockSize, parallelism, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !hash || rest.length > 0) {
    return null;
  }
  const numbers = [cost, blockSize, parallelism].map(Number);
  if (!numbers.every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  return {
    cost: Number(cost),
    blockSize: Number(blockSize),
    parallelism: Number(parallelism),
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  };
}

/** `scrypt$N$r$p$salt$hash`, self-describing so the cost can be raised later without breaking old hashes. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(plain, salt, current);
  return [
    'scrypt',
    current.cost,
    current.blockSize,
    current.parallelism,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  try {
    const actual = await derive(plain, parsed.salt, parsed);
    return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
  } catch {
    // Parameters scrypt refuses (too much memory, N not a power of two): no password matches them.
    return false;
  }
}

/** True when a stored hash is weaker than what hashPassword makes now: re-hash it at the next sign-in. */
export function needsRehash(stored: string, target: ScryptParameters = current): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.cost < target.cost ||
    parsed.blockSize < target.blockSize ||
    parsed.parallelism < target.parallelism
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, at today's parameters: checking a password against it costs
 * what a real check costs, so an unknown username or a locked account answers in the same time.
 */
export function unknownPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/** Only the test setup calls this (packages/server/src/testing/setup.ts); a server never does. */
export function useTestPasswordCost(): void {
  current = TEST;
  dummyHash = undefined;
}
