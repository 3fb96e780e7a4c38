import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../security/passwords.ts';
import { apiLogin, formLogin } from '../../testing/signIns.ts';
import { ADMIN, createTestApp, type TestApp } from '../../testing/testApp.ts';

const LIMIT = 10;

async function failedChecks(harness: TestApp, username: string): Promise<number> {
  const row = await harness.ctx.metastore.db
    .selectFrom('users')
    .select('fail_login_count')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.fail_login_count;
}

describe('sign-in attempts are counted before the password is checked', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ loginRateLimit: { maxFailures: LIMIT, windowSeconds: 300 } });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('checks at most 10 of 40 concurrent guesses at one account from 40 addresses (all 40 used to be checked)', async () => {
    await harness.createUser({ username: 'target', password: 'the-real-password' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        apiLogin(harness.app, 'target', `guess-${i}`, `198.51.100.${i + 1}`),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    expect(await failedChecks(harness, 'target')).toBeLessThanOrEqual(LIMIT);
    // Locked now: the right password answers exactly as a wrong one does.
    const right = await apiLogin(harness.app, 'target', 'the-real-password', '198.51.100.200');
    const wrong = await apiLogin(harness.app, 'nobody-at-all', 'whatever', '198.51.100.201');
    expect([right.statusCode, right.json()]).toEqual([wrong.statusCode, wrong.json()]);
    const form = await formLogin(harness.app, 'target', 'the-real-password', '198.51.100.202');
    expect(form.headers.location).toBe('/login/?error=invalid&next=%2F');
    expect(form.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('lets at most 10 of 40 concurrent guesses from one address through, answering the rest 429', async () => {
    await harness.createUser({ username: 'target-2', password: 'the-real-password' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => apiLogin(harness.app, 'target-2', `guess-${i}`, '203.0.113.50')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40 - LIMIT);
    expect(await failedChecks(harness, 'target-2')).toBeLessThanOrEqual(LIMIT);
  });

  it('does not use up the budget with successful sign-ins', async () => {
    await harness.createUser({ username: 'frequent', password: 'password123' });
    for (let i = 0; i < LIMIT + 5; i++) {
      expect((await apiLogin(harness.app, 'frequent', 'password123', '203.0.113.60')).statusCode).toBe(200);
    }
  });

  it('lets an administrator see and lift the lock', async () => {
    const id = await harness.createUser({ username: 'locked-out', password: 'password123' });
    for (let i = 0; i < LIMIT; i++) await apiLogin(harness.app, 'locked-out', 'wrong', `192.0.2.${i + 1}`);
    const admin = await harness.bearer(ADMIN.username, ADMIN.password);
    const lock = () => harness.app.inject({ url: `/api/v1/security/users/${id}/lock`, headers: admin });
    expect((await lock()).json()).toEqual({ result: { locked: true } });
    expect((await apiLogin(harness.app, 'locked-out', 'password123', '192.0.2.100')).statusCode).toBe(401);

    const gamma = await harness.createUser({ username: 'not-an-admin', roles: ['Gamma'] });
    const gammaHeaders = await harness.bearer('not-an-admin', 'password123');
    const refused = await harness.app.inject({
      method: 'DELETE',
      url: `/api/v1/security/users/${id}/lock`,
      headers: gammaHeaders,
    });
    expect([gamma > 0, refused.statusCode]).toEqual([true, 403]);

    const unlock = await harness.app.inject({
      method: 'DELETE',
      url: `/api/v1/security/users/${id}/lock`,
      headers: admin,
    });
    expect(unlock.statusCode).toBe(200);
    expect((await lock()).json()).toEqual({ result: { locked: false } });
    expect((await apiLogin(harness.app, 'locked-out', 'password123', '192.0.2.101')).statusCode).toBe(200);
  });

  it('answers 404 for the lock of a user that does not exist', async () => {
    const admin = await harness.bearer(ADMIN.username, ADMIN.password);
    const response = await harness.app.inject({ url: '/api/v1/security/users/999999/lock', headers: admin });
    expect(response.statusCode).toBe(404);
  });
});

describe.each([
  ['a hop count', 1],
  ['an address list', ['10.0.0.2']],
] as const)('behind a proxy trusted by %s', (_name, trustProxy) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({
      loginRateLimit: { maxFailures: 3, windowSeconds: 300 },
      config: { trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] },
    });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('limits the address the proxy saw, however the client rotates the left of X-Forwarded-For', async () => {
    // Different accounts each time, so only the address limit applies.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await apiLogin(
        harness.app,
        `nobody-${i}`,
        'wrong',
        '10.0.0.2',
        `1.2.3.${i}, 203.0.113.7`,
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    const elsewhere = await apiLogin(harness.app, 'nobody-x', 'wrong', '10.0.0.2', '203.0.113.8');
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('behind a proxy trusted by address', () => {
  it('ignores X-Forwarded-For from a client that is not the proxy', async () => {
    const harness = await createTestApp({
      loginRateLimit: { maxFailures: 2, windowSeconds: 300 },
      config: { trustProxy: ['10.0.0.2'] },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await apiLogin(harness.app, `nobody-${i}`, 'wrong', '198.51.100.9', `1.2.3.${i}`)).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
    } finally {
      await harness.close();
    }
  });
});

describe('password hashes', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('are upgraded to today’s parameters at the next successful sign-in, and only then', async () => {
    const id = await harness.createUser({ username: 'old-hash' });
    // A hash at a lower cost than the one the server makes now (tests make theirs at N=1024).
    const salt = randomBytes(16);
    const key = scryptSync('password123', salt, 64, { N: 512, r: 8, p: 1 });
    const old = ['scrypt', 512, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    const db = harness.ctx.metastore.db;
    await db.updateTable('users').set({ password_hash: old }).where('id', '=', id).execute();
    const stored = async () =>
      (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .password_hash;

    expect((await apiLogin(harness.app, 'old-hash', 'wrong')).statusCode).toBe(401);
    expect(await stored()).toBe(old);
    expect((await apiLogin(harness.app, 'old-hash', 'password123')).statusCode).toBe(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('password123', upgraded)).toBe(true);
    expect((await apiLogin(harness.app, 'old-hash', 'password123')).statusCode).toBe(200);
  });
});
