import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { SQLLAB_QUEUE, sqlLabJobHandler } from '../../flows/sqllab/asyncQueries.ts';
import { createPlatform } from '../../platform/index.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { ADMIN, describeEachMetastore, type Headers, type TestApp } from '../../testing/testApp.ts';

/** SQL Lab against real services: stopping and timing out a PostgreSQL query, async runs through Redis. */

const postgresUp = await serviceAvailable('postgres');
const redisUp = await serviceAvailable('redis');

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions.
type Json = Record<string, any>;

const rowOf = (harness: TestApp, clientId: string) =>
  harness.ctx.metastore.db
    .selectFrom('queries')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function sleepingBackends(tag: string): Promise<number> {
  const client = new pg.Client({ connectionString: SERVICES.postgres.url });
  await client.connect();
  try {
    const result = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1",
      [`%pg_sleep%${tag}%`],
    );
    return (result.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

describe.runIf(postgresUp)('SQL Lab on PostgreSQL', () => {
  describeEachMetastore('stop and timeout', (harness) => {
    let admin: Headers;
    let databaseId: number;
    beforeAll(async () => {
      admin = await harness().bearer(ADMIN.username, ADMIN.password);
      databaseId = await insertDatabase(harness(), { name: 'pg', uri: SERVICES.postgres.url });
    });
    const execute = (payload: Json) =>
      harness().app.inject({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        headers: admin,
        payload: { database_id: databaseId, ...payload },
      });

    it('stops a running pg_sleep in the database', async () => {
      const tag = `stop_${randomBytes(4).toString('hex')}`;
      const clientId = randomBytes(8).toString('hex').slice(0, 11);
      const running = execute({ sql: `SELECT pg_sleep(30) AS ${tag}`, client_id: clientId });
      await waitFor(async () => (await sleepingBackends(tag)) === 1);
      const stop = await harness().app.inject({
        method: 'POST',
        url: '/api/v1/query/stop',
        headers: admin,
        payload: { client_id: clientId },
      });
      expect(stop.json()).toEqual({ result: 'OK' });
      const answer = await running;
      // Superset answers a stopped sync run with its payload, status "stopped" (only a timeout is an error).
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ query_id: expect.any(Number), status: 'stopped' });
      expect((await rowOf(harness(), clientId))?.status).toBe('stopped');
      await waitFor(async () => (await sleepingBackends(tag)) === 0);
    });

    it('cancels a sync query past SQLLAB_TIMEOUT and marks it timed out', async () => {
      const config = harness().ctx.config.sqlLab;
      const saved = config.syncTimeoutSeconds;
      config.syncTimeoutSeconds = 1;
      const tag = `timeout_${randomBytes(4).toString('hex')}`;
      try {
        const answer = await execute({ sql: `SELECT pg_sleep(20) AS ${tag}`, client_id: tag.slice(0, 11) });
        expect(answer.statusCode).toBe(408);
        expect(answer.json().errors[0].error_type).toBe('SQLLAB_TIMEOUT_ERROR');
        const row = await rowOf(harness(), tag.slice(0, 11));
        expect(row?.status).toBe('timed_out');
        await waitFor(async () => (await sleepingBackends(tag)) === 0);
      } finally {
        config.syncTimeoutSeconds = saved;
      }
    });
  });
});

describe.runIf(redisUp)('SQL Lab async through Redis (BullMQ)', () => {
  describeEachMetastore('async', (harness) => {
    it('runs the query on a BullMQ worker and stores results in Redis', async () => {
      const ctx = harness().ctx;
      const memory = ctx.platform;
      const redis = createPlatform({
        redisUrl: SERVICES.redis.url,
        keyPrefix: `vitrina-test-${randomBytes(4).toString('hex')}`,
      });
      ctx.platform = redis;
      const worker = redis.queue.process(SQLLAB_QUEUE, sqlLabJobHandler(ctx));
      try {
        const file = path.join(ctx.config.filesDir, 'redis_lab.duckdb');
        await withDuckDb(file, async (con) => {
          await con.run('CREATE TABLE r AS SELECT i AS id FROM range(5) t(i)');
          await con.run('CHECKPOINT');
        });
        const databaseId = await insertDatabase(harness(), { name: 'redislab', uri: `duckdb:///${file}` });
        await ctx.metastore.db
          .updateTable('databases')
          .set({ allow_run_async: 1 })
          .where('id', '=', databaseId)
          .execute();
        const admin = await harness().bearer(ADMIN.username, ADMIN.password);
        const response = await harness().app.inject({
          method: 'POST',
          url: '/api/v1/sqllab/execute/',
          headers: admin,
          payload: {
            database_id: databaseId,
            sql: 'SELECT id FROM r ORDER BY id',
            runAsync: true,
            client_id: 'redis000001',
          },
        });
        expect(response.statusCode).toBe(202);
        await waitFor(async () => (await rowOf(harness(), 'redis000001'))?.status === 'success');
        const key = (await rowOf(harness(), 'redis000001'))?.results_key;
        expect(await redis.results.get(key as string)).toBeDefined();
        const results = await harness().app.inject({
          method: 'GET',
          url: `/api/v1/sqllab/results/?q=(key:'${key}')`,
          headers: admin,
        });
        expect(results.json().data).toEqual([{ id: 0 }, { id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
      } finally {
        await worker.close();
        ctx.platform = memory;
        await redis.close();
      }
    });
  });
});
