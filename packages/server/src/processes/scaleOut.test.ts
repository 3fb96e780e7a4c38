import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type MailSink, startMailSink } from '../flows/reports/testMailSink.ts';
import {
  type Installation,
  openInstallation,
  post,
  signIn,
  until,
  type VitrinaProcess,
} from '../testing/installation.ts';
import { serviceAvailable } from '../testing/services.ts';

/**
 * The README's scaled-out installation, as an operator starts it: `db upgrade` and `load-examples`
 * once, then two `serve`, a `worker` and two `scheduler` processes of the real entry point on one
 * PostgreSQL metastore, one Redis key prefix and one data dir. Nothing is shared in memory: each case
 * crosses processes.
 */

const hasServices = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));

const RECIPIENT = 'scaled@example.com';
const MINUTE = 60_000;
const EVALUATED_UNTIL = 'reports.scheduler.evaluated_until';
// A killed leader blocks its standby this long (the production default is 30 s).
const SCHEDULER_LOCK_SECONDS = '2';

/** A daily crontab (UTC) due exactly at `time`, a minute boundary. */
function dailyAt(time: Date): string {
  return `${time.getUTCMinutes()} ${time.getUTCHours()} * * *`;
}

describe.skipIf(!hasServices)('a scaled-out installation', { timeout: 120_000 }, () => {
  let installation: Installation;
  let sink: MailSink;
  let serveA: string;
  let serveB: string;
  let schedulerA: VitrinaProcess;
  let schedulerB: VitrinaProcess;
  let salesDatasetId: number;
  let examplesId: number;
  let firstReport: number;
  let secondReport: number;
  let firstDue: Date;

  const one = <T>(sql: string, params: unknown[] = []) => installation.one<T>(sql, params);

  /** The reports' scheduling mark: the scheduler enqueues the due times in (mark, now]. */
  async function setEvaluatedUntil(time: Date): Promise<void> {
    await installation.metastore.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [EVALUATED_UNTIL, time.toISOString()],
    );
  }

  async function insertReport(name: string, crontab: string, active: boolean): Promise<number> {
    const admin = (await one<{ id: number }>("SELECT id FROM users WHERE username = 'admin'"))!.id;
    const chart = (await one<{ id: number }>('SELECT id FROM slices ORDER BY id LIMIT 1'))!.id;
    // Created well before its due time: a schedule is not due for times before it existed.
    const created = new Date(Date.now() - 60 * MINUTE).toISOString();
    const id = (await one<{ id: number }>(
      `INSERT INTO report_schedule (type, name, crontab, report_format, active, timezone, creation_method,
           last_state, log_retention, grace_period, working_timeout, force_screenshot, extra_json,
           created_on, changed_on, created_by_fk, chart_id)
         VALUES ('Report', $1, $2, 'TEXT', $3, 'UTC', 'alerts_reports', 'Not triggered',
           90, 14400, 3600, 0, '{}', $4, $4, $5, $6) RETURNING id`,
      [name, crontab, active ? 1 : 0, created, admin, chart],
    ))!.id;
    await installation.metastore.query(
      'INSERT INTO report_schedule_user (report_schedule_id, user_id) VALUES ($1, $2)',
      [id, admin],
    );
    await installation.metastore.query(
      "INSERT INTO report_recipient (type, recipient_config_json, report_schedule_id) VALUES ('Email', $1, $2)",
      [JSON.stringify({ target: RECIPIENT }), id],
    );
    return id;
  }

  beforeAll(async () => {
    sink = await startMailSink();
    installation = await openInstallation('scaleout', {
      VITRINA_FEATURE_FLAGS: JSON.stringify({ GLOBAL_ASYNC_QUERIES: true, ALERT_REPORTS: true }),
      VITRINA_SCHEDULER_LOCK_SECONDS: SCHEDULER_LOCK_SECONDS,
      SMTP_URL: sink.url,
      SMTP_FROM: 'reports@vitrina.test',
    });
    await installation.run(['db', 'upgrade']);
    await installation.run(['load-examples']);

    installation.start('worker', ['worker']);
    [serveA, serveB] = (
      await Promise.all([installation.serve('serve A'), installation.serve('serve B')])
    ).map((started) => started.base) as [string, string];
    examplesId = (await one<{ id: number }>("SELECT id FROM databases WHERE database_name = 'examples'"))!.id;
    // The servers finish loading the examples' datasets and charts after they start listening.
    salesDatasetId = await until(
      'the example charts',
      async () =>
        (await one('SELECT id FROM slices LIMIT 1'))
          ? (await one<{ id: number }>("SELECT id FROM datasets WHERE table_name = 'sales'"))?.id
          : undefined,
      60_000,
    );
    // The first report is due at the start of this minute, once a day; the mark says the scheduler last
    // looked just before it, so the first leader's first tick finds it due without waiting for a minute
    // boundary. The second report is switched on for the standby (the last case).
    firstDue = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    firstReport = await insertReport('Due now', dailyAt(firstDue), true);
    secondReport = await insertReport('Due for the standby', dailyAt(firstDue), false);
    await setEvaluatedUntil(new Date(firstDue.getTime() - 1000));

    schedulerA = installation.start('scheduler A', ['scheduler']);
    await until(
      'the first scheduler leads',
      async () => (schedulerA.output().includes('Scheduler is the leader') ? true : undefined),
      60_000,
    );
    // The second one starts once the first leads: it must wait as a hot standby.
    schedulerB = installation.start('scheduler B', ['scheduler']);
  }, 120_000);

  afterAll(async () => {
    await installation?.close();
    await sink?.close();
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
    const successes = (reportId: number) =>
      installation.metastore
        .query<{ scheduled_dttm: string }>(
          "SELECT scheduled_dttm FROM report_execution_log WHERE report_schedule_id = $1 AND state = 'Success' ORDER BY id",
          [reportId],
        )
        .then((result) => result.rows.map((row) => new Date(row.scheduled_dttm).getTime()));
    await until(
      'the first run',
      async () => ((await successes(firstReport)).length > 0 ? true : undefined),
      60_000,
    );
    expect(await successes(firstReport)).toEqual([firstDue.getTime()]);
    expect(schedulerB.output()).not.toContain('Scheduler is the leader');

    schedulerA.child.kill('SIGKILL');
    expect(await schedulerA.exited).toBe('SIGKILL');
    // Only the standby is left to schedule the second report, switched on now and due this minute. The
    // mark goes back before the first report's due time too: the standby evaluates that time again and
    // must not send it twice.
    const secondDue = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    await installation.metastore.query('UPDATE report_schedule SET active = 1, crontab = $1 WHERE id = $2', [
      dailyAt(secondDue),
      secondReport,
    ]);
    await setEvaluatedUntil(new Date(firstDue.getTime() - 1000));
    // Bounded by the leader lock's lifetime (VITRINA_SCHEDULER_LOCK_SECONDS) and a tick.
    await until(
      'the standby takes over',
      async () => (schedulerB.output().includes('Scheduler is the leader') ? true : undefined),
      60_000,
    );
    await until(
      'the run the new leader scheduled',
      async () => ((await successes(secondReport)).length > 0 ? true : undefined),
      60_000,
    );
    expect(await successes(secondReport)).toEqual([secondDue.getTime()]);
    // Each due time ran once and mailed once, whichever scheduler enqueued it.
    expect(await successes(firstReport)).toEqual([firstDue.getTime()]);
    await until(
      'both mails',
      async () => (sink.mails.filter((mail) => mail.to.includes(RECIPIENT)).length >= 2 ? true : undefined),
      10_000,
    );
    expect(sink.mails.filter((mail) => mail.to.includes(RECIPIENT))).toHaveLength(2);
  });
});
