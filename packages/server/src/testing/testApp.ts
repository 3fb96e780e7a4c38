import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Screenshotter } from '../http/screenshots.ts';
import type { App, AppContext } from '../http/types.ts';
import { createPlatform } from '../platform/index.ts';
import { type MetastoreKind, nowIso, openMetastore } from '../platform/metastore/index.ts';
import { prepareMetastore } from '../prepareMetastore.ts';
import { createAdmin } from '../security/admin.ts';
import { hashPassword } from '../security/passwords.ts';
import { APP_SERVICES, assembleContext } from '../startup.ts';
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

/**
 * A new PostgreSQL database and a way to drop it: empty (for apps that share one metastore), or a copy
 * of `template`.
 */
export async function createPostgresDatabase(
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrina_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVICES.postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
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

const METASTORE_DIR = path.join(import.meta.dirname, '../platform/metastore');

/** A package's package.json, found from its entry point (Kysely does not export it). */
function packageFile(name: string): string {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve(name)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).name === name) return file;
    if (dir === path.dirname(dir)) throw new Error(`no package.json of ${name}`);
  }
}

/** The metastore's migrations as sources (and Kysely's version, whose migrator writes its tables). */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  const files = [
    ...fs
      .readdirSync(path.join(METASTORE_DIR, 'migrations'))
      .sort()
      .map((file) => path.join(METASTORE_DIR, 'migrations', file)),
    path.join(METASTORE_DIR, 'migrationDialect.ts'),
    path.join(METASTORE_DIR, 'index.ts'),
  ];
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  hash.update(fs.readFileSync(packageFile('kysely')));
  return hash.digest('hex').slice(0, 16);
}

let postgresTemplate: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, which each PostgreSQL test app copies
 * (CREATE DATABASE … TEMPLATE) instead of migrating an empty one: about 1.5 s of every such app.
 * Its name carries a digest of the migrations, so a changed migration gets a new template; it is kept
 * between runs and takes no connections (a copy needs its source unconnected). Each copy still goes
 * through prepareMetastore, as a restarted server's store does: the migrator finds nothing to apply
 * and the built-in roles are synced.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `vitrina_test_template_${migrationsDigest()}`;
    const admin = new pg.Client({ connectionString: SERVICES.postgres.url });
    await admin.connect();
    try {
      const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (existing.rowCount) return name;
      // Built under a name of its own, then renamed: another process never copies a half-migrated one.
      const build = await createPostgresDatabase();
      const metastore = openMetastore({ databaseUrl: build.url, dataDir: os.tmpdir() });
      try {
        await metastore.migrate();
      } finally {
        await metastore.close();
      }
      const building = new URL(build.url).pathname.slice(1);
      await admin.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`);
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        // Another process published the same template first.
        await build.drop();
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  // A failure is the failing test's to show; the next app tries again.
  postgresTemplate.catch(() => {
    postgresTemplate = undefined;
  });
  return postgresTemplate;
}

/** A real app on a temporary data dir, with the first admin created, for app.inject tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-'));
  const postgres =
    options.metastore === 'postgres'
      ? await createPostgresDatabase({ template: await migratedPostgresTemplate() })
      : null;
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
