import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVICES } from './services.ts';
import { createPostgresDatabase } from './testApp.ts';

/**
 * A scaled-out installation as an operator runs it, for tests that cross processes: the real entry
 * point (`bin/vitrina.mjs`) started as `serve`, `worker` and `scheduler` processes on a fresh
 * PostgreSQL database, its own Redis key prefix and data dir. Callers check the services first.
 */

const BIN = path.resolve(import.meta.dirname, '../../bin/vitrina.mjs');
export const ADMIN_PASSWORD = 'installation-admin';

export interface VitrinaProcess {
  name: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** The signal that ended it, or its exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
}

export interface Installation {
  env: Record<string, string>;
  /** A client on the metastore, for what the test reads or arranges there. */
  metastore: pg.Client;
  start(name: string, args: string[], extra?: Record<string, string>): VitrinaProcess;
  /** Runs a command to its end (`db upgrade`, `load-examples`); throws on a non-zero exit. */
  run(args: string[]): Promise<void>;
  /** Starts `serve` on a free port and waits until it answers /health; answers its base URL. */
  serve(name: string, extra?: Record<string, string>): Promise<{ base: string; proc: VitrinaProcess }>;
  one<T>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Kills what still runs, drops the database and the Redis keys, removes the data dir. */
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined; fails with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(100);
  }
}

/** Signs in on a server as a browser does: the session cookie and a CSRF token for it. */
export async function signIn(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }).toString(),
  });
  const cookie = /session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  const csrf = await fetch(`${base}/api/v1/security/csrf_token/`, { headers: { cookie } });
  return { cookie, 'x-csrftoken': ((await csrf.json()) as { result: string }).result };
}

export function post(base: string, url: string, headers: Record<string, string>, body: unknown) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function openInstallation(
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrina-${name}-`));
  const database = await createPostgresDatabase();
  const metastore = new pg.Client({ connectionString: database.url });
  await metastore.connect();
  const redisPrefix = `vitrina-test-${randomBytes(4).toString('hex')}-${name}`;
  const procs: VitrinaProcess[] = [];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: SERVICES.redis.url,
    VITRINA_REDIS_PREFIX: redisPrefix,
    VITRINA_SECRET_KEY: randomBytes(32).toString('base64url'),
    VITRINA_DATA_DIR: dataDir,
    VITRINA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ...extraEnv,
  };

  function start(procName: string, args: string[], extra: Record<string, string> = {}): VitrinaProcess {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    const proc = { name: procName, child, output: () => output, exited };
    procs.push(proc);
    return proc;
  }

  return {
    env,
    metastore,
    start,
    async run(args) {
      const proc = start(args.join(' '), args);
      const code = await proc.exited;
      if (code !== 0) throw new Error(`vitrina ${args.join(' ')} ended with ${code}: ${proc.output()}`);
    },
    async serve(procName, extra = {}) {
      const port = await freePort();
      const proc = start(procName, ['serve'], { PORT: String(port), ...extra });
      const base = `http://127.0.0.1:${port}`;
      await until(
        `${procName} answers /health`,
        async () => {
          if (proc.child.exitCode !== null) throw new Error(`${procName} exited: ${proc.output()}`);
          return (await fetch(`${base}/health`)).ok ? true : undefined;
        },
        120_000,
      );
      return { base, proc };
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await metastore.query(sql, params)).rows[0] as T | undefined;
    },
    async close() {
      for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await Promise.all(procs.map((proc) => proc.exited));
      await metastore.end();
      await database.drop();
      const { Redis } = await import('ioredis');
      const redis = new Redis(SERVICES.redis.url);
      for await (const keys of redis.scanStream({ match: `${redisPrefix}:*`, count: 500 })) {
        if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
      }
      await redis.quit();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL data database with a table `gate` whose reads wait while the test holds it shut: a
 * query that takes exactly as long as the test wants, without a sleep function.
 */
export interface QueryGate {
  /** The database's id in the installation, exposed in SQL Lab and allowed to run async. */
  databaseId: number;
  /** SQL that waits at the gate, then answers one row `{ n: 0 }`. */
  sql: string;
  shut(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function registerQueryGate(base: string): Promise<QueryGate> {
  const data = await createPostgresDatabase();
  const holder = new pg.Client({ connectionString: data.url });
  await holder.connect();
  await holder.query('CREATE TABLE gate (id integer)');
  const created = await post(base, '/api/v1/database/', await signIn(base), {
    database_name: 'gated',
    sqlalchemy_uri: data.url.replace(/^postgres:/, 'postgresql:'),
    expose_in_sqllab: true,
    allow_run_async: true,
  });
  if (created.status !== 201) throw new Error(`registering the gated database: ${await created.text()}`);
  let shut = false;
  return {
    databaseId: ((await created.json()) as { id: number }).id,
    sql: 'SELECT count(*) AS n FROM gate',
    async shut() {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE gate IN ACCESS EXCLUSIVE MODE');
      shut = true;
    },
    async open() {
      if (shut) await holder.query('COMMIT');
      shut = false;
    },
    async close() {
      await holder.end();
      await data.drop();
    },
  };
}
