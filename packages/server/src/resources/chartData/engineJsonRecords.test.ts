import path from 'node:path';
import { beforeAll, expect, it, vi } from 'vitest';
import type { DatabaseConnection } from '../../drivers/driver.ts';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { datasetPermissionView } from '../../security/dataAccess.ts';
import {
  connectionOf,
  createDatasetThroughApi,
  createRole,
  insertDatabase,
  insertRlsRule,
} from '../../testing/fixtures.ts';
import { MIXED_TABLE_SQL } from '../../testing/mixedTable.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/**
 * A chart's plain answer (no post-processing, no time offsets) takes the records DuckDB writes itself
 * (DatabaseConnection.executeJsonRecords): the same request with that path switched off answers the
 * same result, field for field; the cached answer is the same again; row-level security and access
 * hold; an answer the engine declines (an integer beyond 2^53) and a post-processed one take the
 * driver's rows as before.
 */

describeEachMetastore('chart data records written by DuckDB', (harness) => {
  let admin: Headers;
  let databaseId: number;
  let datasetId: number;
  let bigDatasetId: number;
  let connection: DatabaseConnection;
  const database = 'engine_json';

  beforeAll(async () => {
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
    const file = path.join(harness().ctx.config.filesDir, 'engine_json.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run(MIXED_TABLE_SQL);
      await con.run('CREATE TABLE big AS SELECT 9007199254740993::BIGINT AS id, 1 AS n');
      await con.run('CHECKPOINT');
    });
    databaseId = await insertDatabase(harness(), { name: database, uri: `duckdb:///${file}` });
    const dataset = (table: string) => createDatasetThroughApi(harness(), admin, databaseId, table);
    datasetId = await dataset('mixed');
    bigDatasetId = await dataset('big');
    connection = await connectionOf(harness(), databaseId);
  });

  const chartData = (
    query: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
    headers: Headers = admin,
  ) =>
    harness().app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: {
        datasource: { id: extra.datasetId ?? datasetId, type: 'table' },
        queries: [
          {
            columns: ['id', 'city', 'ratio', 'amount', 'happened', 'day', 'paid'],
            orderby: [['id', true]],
            row_limit: 100,
            ...query,
          },
        ],
        result_type: 'full',
        force: true,
        ...extra,
      },
    });

  /** Runs `work` while the engine declines every result: the driver's rows make the answer. */
  async function withoutEngine<T>(work: () => Promise<T>): Promise<T> {
    const spy = vi.spyOn(connection, 'executeJsonRecords').mockResolvedValue(null);
    try {
      return await work();
    } finally {
      spy.mockRestore();
    }
  }

  /** The fields that come from the rows (not the run's time or cache key). */
  const rowsOf = (entry: Record<string, unknown>) => ({
    data: entry.data,
    colnames: entry.colnames,
    coltypes: entry.coltypes,
    indexnames: entry.indexnames,
    rowcount: entry.rowcount,
    sql_rowcount: entry.sql_rowcount,
    label_map: entry.label_map,
  });

  it('answers the records DuckDB wrote, as the driver rows would have given them', async () => {
    const spy = vi.spyOn(connection, 'executeJsonRecords');
    let engine: Record<string, unknown>;
    try {
      const response = await chartData();
      expect(response.statusCode).toBe(200);
      engine = response.json().result[0];
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await spy.mock.results[0]?.value).not.toBeNull();
    } finally {
      spy.mockRestore();
    }
    const js = await withoutEngine(() => chartData());
    expect(js.statusCode).toBe(200);
    expect(rowsOf(engine)).toEqual(rowsOf(js.json().result[0]));
    expect(engine.data).toEqual([
      {
        id: 1,
        city: 'Москва',
        ratio: 0.1,
        amount: 12.5,
        happened: Date.UTC(2024, 0, 1, 10, 0, 0, 123),
        day: Date.UTC(2024, 0, 1),
        paid: true,
      },
      {
        id: 2,
        city: 'quote " and \\ back',
        ratio: null,
        amount: -0.05,
        happened: -1,
        day: Date.UTC(1969, 11, 31),
        paid: false,
      },
      { id: 3, city: null, ratio: 0, amount: null, happened: null, day: null, paid: null },
      {
        id: 4,
        city: 'line\nbreak',
        ratio: 1e21,
        amount: 1000,
        happened: Date.UTC(2024, 5, 30, 23, 59, 59),
        day: Date.UTC(2024, 5, 30),
        paid: true,
      },
    ]);
    expect(engine.coltypes).toEqual([0, 1, 0, 0, 2, 2, 3]);
    expect(engine.indexnames).toEqual([0, 1, 2, 3]);
  });

  it('serves the same answer from the cache, and the results pick of it', async () => {
    const fresh = await chartData();
    const cached = await chartData({}, { force: false });
    expect(cached.statusCode).toBe(200);
    expect(cached.json().result[0].is_cached).toBe(true);
    expect(rowsOf(cached.json().result[0])).toEqual(rowsOf(fresh.json().result[0]));
    const results = await chartData({}, { result_type: 'results' });
    expect(results.statusCode).toBe(200);
    expect(Object.keys(results.json().result[0]).sort()).toEqual(
      ['colnames', 'coltypes', 'data', 'rowcount', 'sql_rowcount', 'timings'].sort(),
    );
    expect(results.json().result[0].data).toEqual(fresh.json().result[0].data);
  });

  it('samples and a page of them take the same records', async () => {
    const response = await harness().app.inject({
      method: 'POST',
      url: `/datasource/samples?datasource_id=${datasetId}&datasource_type=table&force=true&page=1&per_page=2`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.total_count).toBe(4);
    expect(result.data).toHaveLength(2);
    expect(result.data[0]).toMatchObject({ city: expect.any(String) });
  });

  it('declines an integer beyond 2^53: the driver gives its digits as text', async () => {
    const spy = vi.spyOn(connection, 'execute');
    try {
      const response = await chartData({ columns: ['id', 'n'], orderby: [] }, { datasetId: bigDatasetId });
      expect(response.statusCode).toBe(200);
      expect(response.json().result[0].data).toEqual([{ id: '9007199254740993', n: 1 }]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves a post-processed answer to the rows read by the server', async () => {
    const spy = vi.spyOn(connection, 'executeJsonRecords');
    try {
      const response = await chartData({
        columns: ['city'],
        metrics: ['count'],
        orderby: [],
        post_processing: [{ operation: 'sort', options: { by: 'city', ascending: false } }],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().result[0].rowcount).toBe(4);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps row-level security and access on that path', async () => {
    const role = 'engine_json_viewer';
    const view = datasetPermissionView(database, { id: datasetId, table_name: 'mixed' } as never);
    await createRole(harness(), role, [
      ['can_read', 'Chart'],
      ['datasource_access', view],
    ]);
    await harness().createUser({ username: `${role}_user`, roles: [role] });
    await harness().createUser({ username: `${role}_none`, roles: [] });
    await insertRlsRule(harness(), {
      name: `${role} ids`,
      clause: 'id >= 3',
      datasetIds: [datasetId],
      roleNames: [role],
    });
    const viewer = await chartData({}, {}, await harness().bearer(`${role}_user`, 'password123'));
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json().result[0].data.map((row: { id: number }) => row.id)).toEqual([3, 4]);
    const stranger = await chartData({}, {}, await harness().bearer(`${role}_none`, 'password123'));
    expect(stranger.statusCode).toBe(403);
  });
});
