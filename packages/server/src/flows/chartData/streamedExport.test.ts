import path from 'node:path';
import { beforeAll, expect, it, vi } from 'vitest';
import type { DatabaseConnection } from '../../drivers/driver.ts';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { connectionOf, insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/**
 * An unordered raw export from DuckDB runs with its row limit as a scalar subquery
 * (exportStatement.ts): the statement passes the policy check, and the file holds the first rows in
 * table order, the same bytes through the engine's CSV lines and the JavaScript writer.
 */

describeEachMetastore('streamed export statement on DuckDB', (harness) => {
  let admin: Headers;
  let datasetId: number;
  let connection: DatabaseConnection;

  beforeAll(async () => {
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
    const file = path.join(harness().ctx.config.filesDir, 'streamed_export.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run(
        "CREATE TABLE items AS SELECT range AS id, '=item ' || range AS name, range * 0.25 AS amount FROM range(300)",
      );
      await con.run('CHECKPOINT');
    });
    const databaseId = await insertDatabase(harness(), { name: 'streamed_export', uri: `duckdb:///${file}` });
    const created = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/dataset/',
      headers: admin,
      payload: { database: databaseId, table_name: 'items' },
    });
    expect(created.statusCode).toBe(201);
    datasetId = created.json<{ id: number }>().id;
    connection = await connectionOf(harness(), databaseId);
  });

  const exportOf = (format: 'csv' | 'xlsx') =>
    harness().app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: admin,
      payload: {
        datasource: { id: datasetId, type: 'table' },
        queries: [{ columns: ['id', 'name', 'amount'], orderby: [], row_limit: 120 }],
        result_format: format,
        result_type: 'full',
      },
    });

  it('CSV: the first rows in table order, the same bytes from the engine and the JavaScript writer', async () => {
    const spy = vi.spyOn(connection, 'streamCsv');
    let engineBytes: Buffer;
    try {
      const response = await exportOf('csv');
      expect(response.statusCode).toBe(200);
      engineBytes = response.rawPayload;
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]?.[0]).toMatch(/\nLIMIT \(SELECT 120\)$/);
      expect(await spy.mock.results[0]?.value).not.toBeNull();
    } finally {
      spy.mockRestore();
    }
    const lines = engineBytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('id,name,amount');
    expect(lines).toHaveLength(121);
    expect(lines[1]).toBe("0,'=item 0,0");
    expect(lines[120]).toBe("119,'=item 119,29.75");
    const off = vi.spyOn(connection, 'streamCsv').mockResolvedValue(null);
    try {
      const js = await exportOf('csv');
      expect(js.statusCode).toBe(200);
      expect(js.rawPayload.equals(engineBytes)).toBe(true);
    } finally {
      off.mockRestore();
    }
  });

  it('XLSX: the same statement runs', async () => {
    const spy = vi.spyOn(connection, 'streamXlsxRows');
    try {
      const response = await exportOf('xlsx');
      expect(response.statusCode).toBe(200);
      expect(spy.mock.calls[0]?.[0]).toMatch(/\nLIMIT \(SELECT 120\)$/);
    } finally {
      spy.mockRestore();
    }
  });
});
