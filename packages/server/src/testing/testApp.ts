import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Screenshotter } from '../http/screenshots.ts';
import type { App, AppContext } from '../http/types.ts';
import { createPlatform } from '../platform/index.ts';
import { type MetastoreKind, nowIso } from '../platform/metastore/index.ts';
import { createAdmin } from '../security/admin.ts';
import { hashPassword } from '../security/passwords.ts';
import { APP_SERVICES, assembleContext, prepareMetastore } from '../startup.ts';
import { sharedSchemaCompilers } from './schemaCompilers.ts';
import { SERVICES, serviceAvailable } from './services.ts';

export const ADMIN = { username: 'admin', password: 'admin-password' } as const;

/** The metastores this machine can test: SQLite always, PostgreSQL when reachable (required in CI). */
export const metastoreKinds: MetastoreKind[] = [
  'sqlite',
  ...((await serviceAvailable('postgres')) ? ['postgres' as const] : []),
];

export interface TestAppOptions {
  metastore?: MetastoreKind;
  webDistDir?: string | null;
  loginRateLimit?: AppContext['loginRateLimit'];
  /** Settings as the environment would give them (trust proxy, cookie flags…). */
  config?: Partial<Config>;
  /** Redis for the platform instead of the in-process one (several apps sharing state). */
  redis?: { url: string; keyPrefix: string };
  /** The same key on several apps, so each accepts the others' cookies and tokens. */
  secretKey?: string;
  /** A recording fake in place of Chromium; the real one draws only for an app that listens. */
  screenshots?: Screenshotter;
}

export type Headers = Record<string, string>;

export interface TestApp {
  app: App;
  ctx: AppContext;
  /** Logs in through the browser form; returns the cookie and CSRF headers a browser would send. */
  loginAs(username: string, password: string): Promise<Headers>;
  /** Logs in through the API; returns the Authorization header. */
  bearer(username: string, password: string): Promise<Headers>;
  createUser(input: {
    username: string;
    password?: string;
    roles?: string[];
    active?: boolean;
  }): Promise<number>;
  close(): Promise<void>;
}

/** A new empty PostgreSQL database and a way to drop it (for apps that share one metastore). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrina_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVICES.postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVICES.postgres.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: SERVICES.postgres.url });
      await client.connect();
      try {
        // Closed pools may still be saying goodbye; forcing them off would fail their sockets
        // mid-close, so wait for them, and force only a connection that truly leaked.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** A real app on a temporary data dir, with the first admin created, for app.inject tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-'));
  const postgres = options.metastore === 'postgres' ? await createPostgresDatabase() : null;
  const config = {
    ...loadConfig({
      VITRINA_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(postgres && { DATABASE_URL: postgres.url }),
    }),
    webDistDir: options.webDistDir ?? null,
    ...options.config,
  };
  const metastore = await prepareMetastore(config);
  const ctx = assembleContext({
    config,
    metastore,
    platform: createPlatform(
      options.redis
        ? { redisUrl: options.redis.url, keyPrefix: options.redis.keyPrefix }
        : { redisUrl: null },
    ),
    secretKey: options.secretKey ?? randomBytes(32).toString('base64url'),
    loginRateLimit: options.loginRateLimit ?? { maxFailures: 1000, windowSeconds: 60 },
    // A copy, so a test that replaces one use case does not change other apps'.
    services: { ...APP_SERVICES },
    // Unset: the real renderer. The event log is the real writer: a test that asserts what was logged
    // awaits `ctx.eventLog.flush()` first.
    ...(options.screenshots && { screenshots: options.screenshots }),
  });
  await createAdmin(metastore.db, ADMIN, { onlyIfNoUsers: true });
  const app = await buildApp(ctx, { schemaCompilers: sharedSchemaCompilers });

  const loginAs = async (username: string, password: string): Promise<Headers> => {
    const response = await app.inject({
      method: 'POST',
      url: '/login/',
      payload: new URLSearchParams({ username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const session = response.cookies.find((cookie) => cookie.name === 'session');
    if (!session)
      throw new Error(`login as ${username} failed: ${response.statusCode} ${response.headers.location}`);
    const cookie = `session=${session.value}`;
    const csrf = await app.inject({
      method: 'GET',
      url: '/api/v1/security/csrf_token/',
      headers: { cookie },
    });
    return { cookie, 'x-csrftoken': csrf.json<{ result: string }>().result };
  };

  const bearer = async (username: string, password: string): Promise<Headers> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username, password, provider: 'db' },
    });
    if (response.statusCode !== 200)
      throw new Error(`API login as ${username} failed: ${response.statusCode}`);
    return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
  };

  const createUser: TestApp['createUser'] = async (input) => {
    const now = nowIso();
    const password = input.password ?? 'password123';
    return metastore.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          username: input.username,
          first_name: input.username,
          last_name: 'Test',
          email: `${input.username}@example.com`,
          active: input.active === false ? 0 : 1,
          password_hash: await hashPassword(password),
          preferred_language: 'en',
          created_on: now,
          changed_on: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const roleName of input.roles ?? []) {
        const role = await trx
          .selectFrom('roles')
          .select('id')
          .where('name', '=', roleName)
          .executeTakeFirstOrThrow();
        await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
      }
      return user.id;
    });
  };

  return {
    app,
    ctx,
    loginAs,
    bearer,
    createUser,
    async close() {
      await app.close();
      await ctx.eventLog.close();
      await ctx.screenshots.close();
      await ctx.platform.close();
      await metastore.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per metastore kind, each with its own fresh app: the same API tests prove
 * SQLite and PostgreSQL behave alike.
 */
export function describeEachMetastore(
  name: string,
  suite: (harness: () => TestApp, kind: MetastoreKind) => void,
  options: Omit<TestAppOptions, 'metastore'> = {},
): void {
  for (const kind of metastoreKinds) {
    describe(`${name} [${kind}]`, () => {
      let harness: TestApp | undefined;
      beforeAll(async () => {
        harness = await createTestApp({ ...options, metastore: kind });
      });
      afterAll(async () => {
        await harness?.close();
      });
      suite(() => {
        if (!harness) throw new Error('test app not ready');
        return harness;
      }, kind);
    });
  }
}
