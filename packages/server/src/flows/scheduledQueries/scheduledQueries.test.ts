import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import type { JobWorker } from '../../platform/queue/jobQueue.ts';
import { databasePermissionView } from '../../security/dataAccess.ts';
import { createRole, insertDatabase } from '../../testing/fixtures.ts';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { SQLLAB_QUEUE, sqlLabJobHandler } from '../sqllab/asyncQueries.ts';
import { OWNER_INACTIVE_MESSAGE, scheduledQueryJobHandler, scheduledRunClientId } from './run.ts';
import { SCHEDULED_QUERIES_QUEUE, scheduleDueSavedQueries, scheduledQueryJobId } from './scheduling.ts';

const t = (time: string) => new Date(`2026-01-05T${time}Z`);

/**
 * The scheduler's tick and the worker's run of a scheduled saved query, with the clock driven by the
 * test: a due run is enqueued once, runs once as its owner's async SQL Lab query, and its outcome is
 * recorded on the saved query.
 */
describeEachMetastore('scheduled saved queries', (harness) => {
  let owner: Headers;
  let ownerId: number;
  let databaseId: number;
  const workers: JobWorker[] = [];

  beforeAll(async () => {
    const h = harness();
    const file = path.join(h.ctx.config.filesDir, 'scheduled.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run('CREATE TABLE t (id INTEGER)');
      await con.run('INSERT INTO t SELECT i FROM range(1, 8) r(i)');
      await con.run('CHECKPOINT');
    });
    databaseId = await insertDatabase(h, { name: 'scheduled_db', uri: `duckdb:///${file}` });
    await h.ctx.metastore.db
      .updateTable('databases')
      .set({ allow_run_async: 1 })
      .where('id', '=', databaseId)
      .execute();
    await createRole(h, 'scheduled_access', [
      ['database_access', databasePermissionView({ id: databaseId, database_name: 'scheduled_db' })],
    ]);
    ownerId = await h.createUser({ username: 'runs_owner', roles: ['Gamma', 'sql_lab', 'scheduled_access'] });
    owner = await h.bearer('runs_owner', 'password123');
    workers.push(
      h.ctx.platform.queue.process(SCHEDULED_QUERIES_QUEUE, scheduledQueryJobHandler(h.ctx)),
      h.ctx.platform.queue.process(SQLLAB_QUEUE, sqlLabJobHandler(h.ctx)),
    );
  });
  afterAll(async () => {
    for (const worker of workers.splice(0)) await worker.close();
  });

  /** Saves a scheduled query through the API, as if saved before the test's clock. */
  const saveScheduled = async (label: string, sql: string, crontab: string) => {
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/saved_query/',
      headers: owner,
      payload: {
        db_id: databaseId,
        label,
        sql,
        extra_json: JSON.stringify({ schedule_info: { crontab, timezone: 'UTC', active: true } }),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: number }>().id;
    await harness()
      .ctx.metastore.db.updateTable('saved_queries')
      .set({ created_on: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const savedRow = (id: number) =>
    harness()
      .ctx.metastore.db.selectFrom('saved_queries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const settled = async (id: number) => {
    // Null until the worker starts the run, pending until its SQL Lab query concludes.
    await expect
      .poll(async () => (await savedRow(id)).last_run_state, { timeout: 15_000 })
      .toSatisfy((state) => state !== null && state !== 'pending');
    return savedRow(id);
  };
  const runsOf = (label: string) =>
    harness()
      .ctx.metastore.db.selectFrom('queries')
      .selectAll()
      .where('tab_name', '=', label)
      .where('user_id', '=', ownerId)
      .execute();

  it('runs a due saved query once, as its owner, and records the run', async () => {
    const { ctx } = harness();
    const id = await saveScheduled('Nine o’clock ids', 'SELECT id FROM t ORDER BY id', '0 9 * * *');

    // The first tick sets the mark; 09:00 falls due in the next; a later tick in the window adds nothing.
    expect(await scheduleDueSavedQueries(ctx, t('08:59:40'))).toEqual([]);
    expect(await scheduleDueSavedQueries(ctx, t('09:00:10'))).toContainEqual({
      savedQueryId: id,
      scheduled: t('09:00:00'),
    });
    expect(await scheduleDueSavedQueries(ctx, t('09:00:40'))).toEqual([]);

    const saved = await settled(id);
    expect(saved).toMatchObject({
      last_run_state: 'success',
      last_run_error: null,
      rows: 7,
      last_run_client_id: scheduledRunClientId(id, t('09:00:00')),
    });
    expect(saved.last_run).not.toBeNull();

    // The same run delivered again (two overlapping leaders, a retried job) is not run again.
    await ctx.platform.queue.enqueue(
      SCHEDULED_QUERIES_QUEUE,
      { saved_query_id: id, scheduled: t('09:00:00').toISOString() },
      { jobId: `${scheduledQueryJobId(id, t('09:00:00'))}-again` },
    );
    await expect
      .poll(() =>
        ctx.platform.queue.getState(
          SCHEDULED_QUERIES_QUEUE,
          `${scheduledQueryJobId(id, t('09:00:00'))}-again`,
        ),
      )
      .toBe('completed');
    const runs = await runsOf('Nine o’clock ids');
    expect(runs.map((run) => [run.status, run.rows, run.run_async])).toEqual([['success', 7, 1]]);

    // In the owner's query history under the saved query's name, with its rows kept.
    const history = await harness().app.inject({ method: 'GET', url: '/api/v1/query/', headers: owner });
    expect(history.json().result).toContainEqual(
      expect.objectContaining({
        client_id: runs[0]!.client_id,
        tab_name: 'Nine o’clock ids',
        status: 'success',
      }),
    );
    expect(runs[0]!.results_key).not.toBeNull();

    const listed = await harness().app.inject({ method: 'GET', url: '/api/v1/saved_query/', headers: owner });
    expect(listed.json().result.find((row: { id: number }) => row.id === id)).toMatchObject({
      rows: 7,
      last_run_state: 'success',
    });
  });

  it("records a failed run with the database's error, and a refused one with SQL Lab's reason", async () => {
    const { ctx } = harness();
    const broken = await saveScheduled('Broken', 'SELECT missing FROM nowhere', '5 9 * * *');
    const dml = await saveScheduled('Writes', 'DELETE FROM t', '5 9 * * *');
    expect(await scheduleDueSavedQueries(ctx, t('09:05:10'))).toEqual(
      expect.arrayContaining([
        { savedQueryId: broken, scheduled: t('09:05:00') },
        { savedQueryId: dml, scheduled: t('09:05:00') },
      ]),
    );
    const failed = await settled(broken);
    expect(failed.last_run_state).toBe('failed');
    expect(failed.last_run_error).toMatch(/nowhere/);
    expect(failed.rows).toBeNull();
    const refused = await settled(dml);
    expect(refused.last_run_state).toBe('failed');
    expect(refused.last_run_error).toBe('Only SELECT statements are allowed against this database.');
    // Refused before it ran: the owner's history holds the failed row, the table keeps its rows.
    expect((await runsOf('Writes')).map((run) => run.status)).toEqual(['failed']);
    expect((await runsOf('Broken')).map((run) => run.status)).toEqual(['failed']);
  });

  it('does not run a paused schedule and records an owner who is no longer active', async () => {
    const { ctx } = harness();
    const paused = await saveScheduled('Paused', 'SELECT 1', '10 9 * * *');
    await ctx.metastore.db
      .updateTable('saved_queries')
      .set({
        extra_json: JSON.stringify({
          schedule_info: { crontab: '10 9 * * *', timezone: 'UTC', active: false },
        }),
      })
      .where('id', '=', paused)
      .execute();
    const orphan = await saveScheduled('Orphan', 'SELECT 1', '10 9 * * *');
    await ctx.metastore.db.updateTable('users').set({ active: 0 }).where('id', '=', ownerId).execute();
    try {
      const due = await scheduleDueSavedQueries(ctx, t('09:10:10'));
      expect(due.map((run) => run.savedQueryId)).toEqual([orphan]);
      const saved = await settled(orphan);
      expect(saved).toMatchObject({ last_run_state: 'failed', last_run_error: OWNER_INACTIVE_MESSAGE });
      expect(await runsOf('Orphan')).toEqual([]);
      expect((await savedRow(paused)).last_run_state).toBeNull();
    } finally {
      await ctx.metastore.db.updateTable('users').set({ active: 1 }).where('id', '=', ownerId).execute();
    }
  });
});
