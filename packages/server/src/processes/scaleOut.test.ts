import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type MailSink, startMailSink } from '../flows/reports/testMailSink.ts';
import { SERVICES, serviceAvailable } from '../testing/services.ts';
import { createPostgresDatabase } from '../testing/testApp.ts';

/**
 * The README's scaled-out installation, as an operator starts it: `db upgrade` and `load-examples`
 * once, then two `serve`, a `worker` and two `scheduler` processes of the real entry point on one
 * PostgreSQL metastore, one Redis key prefix and one data dir. Nothing is shared in memory: each case
 * crosses processes.
 */

const hasServices = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));

const BIN = path.resolve(import.meta.dirname, '../../bin/vitrina.mjs');
const ADMIN_PASSWORD = 'scale-out-admin';
const RECIPIENT = 'scaled@example.com';

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined; fails with `what` after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(200);
  }
}

describe.skipIf(!hasServices)('a scaled-out installation', { timeout: 240_000 }, () => {
  const env: Record<string, string> = {};
  const procs: Proc[] = [];
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let metastore: pg.Client;
  let redisPrefix: string;
  let sink: MailSink;
  let serveA: string;
  let serveB: string;
  let schedulerA: Proc;
  let salesDatasetId: number;
  let examplesId: number;
  let reportId: number;

  function start(name: string, args: string[], extra: Record<string, string> = {}): Proc {
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
    const proc = { name, child, output: () => output, exited };
    procs.push(proc);
    return proc;
  }

  async function run(args: string[]): Promise<void> {
    const proc = start(args.join(' '), args);
    const code = await proc.exited;
    if (code !== 0) throw new Error(`vitrina ${args.join(' ')} ended with ${code}: ${proc.output()}`);
  }

  async function serve(name: string): Promise<string> {
    const port = await freePort();
    const proc = start(name, ['serve'], { PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    await until(
      `${name} answers /health`,
      async () => {
        if (proc.child.exitCode !== null) throw new Error(`${name} exited: ${proc.output()}`);
        return (await fetch(`${base}/health`)).ok ? true : undefined;
      },
      120_000,
    );
    return base;
  }

  /** Signs in on a server as a browser does: the session cookie and a CSRF token for it. */
  async function signIn(base: string): Promise<Record<string, string>> {
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

  function post(base: string, url: string, headers: Record<string, string>, body: unknown) {
    return fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function one<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await metastore.query(sql, params)).rows[0] as T | undefined;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-scaleout-'));
    database = await createPostgresDatabase();
    metastore = new pg.Client({ connectionString: database.url });
    await metastore.connect();
    sink = await startMailSink();
    redisPrefix = `vitrina-test-${randomBytes(4).toString('hex')}-scaleout`;
    Object.assign(env, {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: SERVICES.redis.url,
      VITRINA_REDIS_PREFIX: redisPrefix,
      VITRINA_SECRET_KEY: randomBytes(32).toString('base64url'),
      VITRINA_DATA_DIR: dataDir,
      VITRINA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      VITRINA_FEATURE_FLAGS: JSON.stringify({ GLOBAL_ASYNC_QUERIES: true, ALERT_REPORTS: true }),
      SMTP_URL: sink.url,
      SMTP_FROM: 'reports@vitrina.test',
    });
    await run(['db', 'upgrade']);
    await run(['load-examples']);
    [serveA, serveB] = await Promise.all([serve('serve A'), serve('serve B')]);
    start('worker', ['worker']);
    schedulerA = start('scheduler A', ['scheduler']);
    await until(
      'the first scheduler leads',
      async () => (schedulerA.output().includes('Scheduler is the leader') ? true : undefined),
      120_000,
    );
    // The second one starts once the first leads: it must wait as a hot standby.
    start('scheduler B', ['scheduler']);

    examplesId = (await one<{ id: number }>("SELECT id FROM databases WHERE database_name = 'examples'"))!.id;
    salesDatasetId = (await one<{ id: number }>("SELECT id FROM datasets WHERE table_name = 'sales'"))!.id;
    // Due every minute from now: the clock runs while the other cases do.
    const admin = (await one<{ id: number }>("SELECT id FROM users WHERE username = 'admin'"))!.id;
    const chart = (await one<{ id: number }>('SELECT id FROM slices ORDER BY id LIMIT 1'))!.id;
    const now = new Date().toISOString();
    reportId = (await one<{ id: number }>(
      `INSERT INTO report_schedule (type, name, crontab, report_format, active, timezone, creation_method,
           last_state, log_retention, grace_period, working_timeout, force_screenshot, extra_json,
           created_on, changed_on, created_by_fk, chart_id)
         VALUES ('Report', 'Every minute', '* * * * *', 'TEXT', 1, 'UTC', 'alerts_reports', 'Not triggered',
           90, 14400, 3600, 0, '{}', $1, $1, $2, $3) RETURNING id`,
      [now, admin, chart],
    ))!.id;
    await metastore.query('INSERT INTO report_schedule_user (report_schedule_id, user_id) VALUES ($1, $2)', [
      reportId,
      admin,
    ]);
    await metastore.query(
      "INSERT INTO report_recipient (type, recipient_config_json, report_schedule_id) VALUES ('Email', $1, $2)",
      [JSON.stringify({ target: RECIPIENT }), reportId],
    );
  }, 240_000);

  afterAll(async () => {
    for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await Promise.all(procs.map((proc) => proc.exited));
    await metastore?.end();
    await database?.drop();
    await sink?.close();
    if (hasServices) {
      const { Redis } = await import('ioredis');
      const redis = new Redis(SERVICES.redis.url);
      for await (const keys of redis.scanStream({ match: `${redisPrefix}:*`, count: 500 })) {
        if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
      }
      await redis.quit();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('queries the embedded DuckDB examples from every server, each opening the file read-only', async () => {
    for (const base of [serveA, serveB]) {
      const headers = await signIn(base);
      const response = await post(base, '/api/v1/sqllab/execute/', headers, {
        database_id: examplesId,
        sql: 'SELECT count(*) AS n FROM sales',
        runAsync: false,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const body = (await response.json()) as { data: Array<{ n: number }> };
      expect(body.data[0]?.n).toBeGreaterThan(0);
    }
  });

  it('runs an async SQL Lab query in the worker, submitted on one server and fetched on the other', async () => {
    const submitted = await post(serveA, '/api/v1/sqllab/execute/', await signIn(serveA), {
      database_id: examplesId,
      sql: 'SELECT region, count(*) AS n FROM sales GROUP BY region ORDER BY region',
      runAsync: true,
    });
    expect(submitted.status, await submitted.clone().text()).toBe(202);
    const queryId = ((await submitted.json()) as { query: { queryId: number } }).query.queryId;
    const done = await until(
      'the worker finishes the query',
      async () => {
        const row = await one<{ status: string; results_key: string; error_message: string | null }>(
          'SELECT status, results_key, error_message FROM queries WHERE id = $1',
          [queryId],
        );
        return row && ['success', 'failed'].includes(row.status) ? row : undefined;
      },
      60_000,
    );
    expect(done.error_message).toBeNull();
    expect(done.status).toBe('success');
    const results = await fetch(`${serveB}/api/v1/sqllab/results/?q=(key:'${done.results_key}')`, {
      headers: await signIn(serveB),
    });
    expect(results.status).toBe(200);
    const rows = ((await results.json()) as { data: Array<{ region: string }> }).data;
    expect(rows.length).toBeGreaterThan(0);
  });

  it("pushes an async chart job's event to a websocket on the other server; its cache serves both", async () => {
    const headers = await signIn(serveA);
    const portB = new URL(serveB).port;
    const socket = new WebSocket(`ws://127.0.0.1:${portB}/api/v1/async_event/ws`, {
      headers: { cookie: headers.cookie ?? '', origin: serveB },
    });
    const messages: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      const query = {
        datasource: { id: salesDatasetId, type: 'table' },
        queries: [
          {
            columns: ['region'],
            metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'orders' }],
            row_limit: 50,
          },
        ],
        result_format: 'json',
        result_type: 'full',
      };
      const submitted = await post(serveA, '/api/v1/chart/data', headers, query);
      expect(submitted.status, await submitted.clone().text()).toBe(202);
      const job = (await submitted.json()) as { job_id: string };
      const event = await until(
        'the done event on the other server',
        async () => {
          const found = messages.find((message) => message.job_id === job.job_id);
          return found && found.status !== 'pending' ? found : undefined;
        },
        60_000,
      );
      expect(event.status, JSON.stringify(event)).toBe('done');
      const fetched = await fetch(`${serveB}${String(event.result_url)}`, { headers });
      expect(fetched.status).toBe(200);

      // The worker cached the result in Redis: both servers answer it from there.
      for (const base of [serveB, serveA]) {
        const again = await post(base, '/api/v1/chart/data', await signIn(base), query);
        expect(again.status, await again.clone().text()).toBe(200);
        expect(((await again.json()) as { result: Array<{ is_cached: boolean }> }).result[0]?.is_cached).toBe(
          true,
        );
      }
      // A forced CSV runs on the second server itself, on its own read-only instance of the file.
      const forced = await post(serveB, '/api/v1/chart/data', await signIn(serveB), {
        ...query,
        force: true,
        result_format: 'csv',
      });
      expect(forced.status, await forced.clone().text()).toBe(200);
      expect(await forced.text()).toMatch(/^\uFEFF?region/);
    } finally {
      socket.close();
    }
  });

  it('refuses on one server a session ended on the other', async () => {
    const headers = await signIn(serveA);
    const me = (base: string) => fetch(`${base}/api/v1/me/`, { headers }).then((response) => response.status);
    expect(await me(serveB)).toBe(200);
    const logout = await fetch(`${serveA}/logout/`, { method: 'POST', redirect: 'manual', headers });
    expect(logout.status).toBe(303);
    expect(await me(serveB)).toBe(401);
  });

  it('refuses an upload to the read-only examples file with a message that says why', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'tiny.csv');
    form.append('type', 'csv');
    form.append('table_name', 'tiny');
    const headers = await signIn(serveA);
    const response = await fetch(`${serveA}/api/v1/database/${examplesId}/upload/`, {
      method: 'POST',
      headers,
      body: form,
    });
    const text = await response.text();
    expect(response.status, text).toBeGreaterThanOrEqual(400);
    expect(text).toContain('read-only while Vitrina runs as separate processes');
  });

  it('sends a due report once; a standby scheduler takes over when the leader is killed', async () => {
    const successes = () =>
      metastore
        .query<{ scheduled_dttm: string }>(
          "SELECT scheduled_dttm FROM report_execution_log WHERE report_schedule_id = $1 AND state = 'Success' ORDER BY id",
          [reportId],
        )
        .then((result) => result.rows.map((row) => String(row.scheduled_dttm)));
    const first = await until(
      'the first run',
      async () => ((await successes()).length > 0 ? successes() : undefined),
      150_000,
    );
    expect(first).toHaveLength(1);

    schedulerA.child.kill('SIGKILL');
    expect(await schedulerA.exited).toBe('SIGKILL');
    const standby = procs.find((proc) => proc.name === 'scheduler B');
    // Bounded by the leader lock's lifetime (30 s) and a tick; the case asserts the takeover only.
    await until(
      'the standby takes over',
      async () => (standby?.output().includes('Scheduler is the leader') ? true : undefined),
      90_000,
    );
    const after = await until(
      'a run scheduled by the new leader',
      async () => {
        const runs = await successes();
        return runs.length > first.length ? runs : undefined;
      },
      150_000,
    );
    // Each due time ran once and mailed once, whichever scheduler enqueued it.
    expect(new Set(after).size).toBe(after.length);
    await sleep(1000);
    expect(sink.mails.filter((mail) => mail.to.includes(RECIPIENT))).toHaveLength((await successes()).length);
  });
});
