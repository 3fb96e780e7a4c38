import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseConnections } from '../../connections/connections.ts';
import { connectionOf, databaseRow, insertDatabase } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { ADMIN, describeEachMetastore, type Headers, type TestApp } from '../../testing/testApp.ts';
import { registerSmallExamples } from '../datasets/testFixtures.ts';
import { findCsvShapeProblem } from './csvCheck.ts';
import { UPLOAD_LOADERS } from './loaders.ts';

const postgresAvailable = await serviceAvailable('postgres');

async function upload(
  harness: TestApp,
  headers: Headers,
  databaseId: number,
  fields: Record<string, string>,
  file?: { name: string; content: Buffer | string },
) {
  const body = multipart(fields, file && { field: 'file', ...file });
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/v1/database/${databaseId}/upload/`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function query(harness: TestApp, databaseId: number, sql: string): Promise<unknown[][]> {
  return (await (await connectionOf(harness, databaseId)).execute(sql)).rows;
}

const CSV = 'city;sold_at;amount\nMoscow;2024-01-05 10:00:00;12.5\nОмск;2024-02-01 08:30:00;7\n';

describeEachMetastore('file upload', (harness) => {
  let admin: Headers;
  let examplesId: number;

  beforeAll(async () => {
    examplesId = await registerSmallExamples(harness(), 50);
    admin = await harness().loginAs(ADMIN.username, ADMIN.password);
  }, 120_000);

  it('loads a CSV with a custom delimiter, parses column_dates as TIMESTAMP and creates the dataset', async () => {
    const { status, body } = await upload(
      harness(),
      admin,
      examplesId,
      { type: 'csv', table_name: 'city_sales', delimiter: ';', column_dates: 'sold_at' },
      { name: 'sales.csv', content: CSV },
    );
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('OK');
    expect(body.result).toMatchObject({
      table_name: 'city_sales',
      main_dttm_col: 'sold_at',
      kind: 'physical',
    });
    const types = Object.fromEntries(
      body.result.columns.map((c: { column_name: string; type: string }) => [c.column_name, c.type]),
    );
    expect(types.sold_at).toBe('TIMESTAMP');
    expect(types.city).toBe('VARCHAR');
    expect(await query(harness(), examplesId, 'SELECT city FROM city_sales ORDER BY sold_at')).toEqual([
      ['Moscow'],
      ['Омск'],
    ]);
  });

  it('fails on an existing table, replaces it, and appends to it', async () => {
    const again = await upload(
      harness(),
      admin,
      examplesId,
      { type: 'csv', table_name: 'city_sales', delimiter: ';' },
      { name: 'sales.csv', content: CSV },
    );
    expect(again.status).toBe(422);
    expect(again.body.message).toContain('already exists');
    const replaced = await upload(
      harness(),
      admin,
      examplesId,
      {
        type: 'csv',
        table_name: 'city_sales',
        delimiter: ';',
        already_exists: 'replace',
        column_dates: 'sold_at',
      },
      { name: 'sales.csv', content: 'city;sold_at;amount\nKazan;2024-03-01 00:00:00;1\n' },
    );
    expect(replaced.status).toBe(201);
    expect(await query(harness(), examplesId, 'SELECT count(*) FROM city_sales')).toEqual([[1]]);
    const appended = await upload(
      harness(),
      admin,
      examplesId,
      {
        type: 'csv',
        table_name: 'city_sales',
        delimiter: ';',
        already_exists: 'append',
        column_dates: 'sold_at',
      },
      { name: 'sales.csv', content: CSV },
    );
    expect(appended.status).toBe(201);
    expect(appended.body.id).toBe(replaced.body.id);
    expect(await query(harness(), examplesId, 'SELECT count(*) FROM city_sales')).toEqual([[3]]);
  });

  it('refuses a malformed CSV naming the line, leaving no table and no appended rows', async () => {
    const ragged = await upload(
      harness(),
      admin,
      examplesId,
      { type: 'csv', table_name: 'ragged', delimiter: ';' },
      { name: 'bad.csv', content: 'a;b;c\n1;2;3\n4;5;6\n7;8;9;10\n11;12;13\n' },
    );
    expect(ragged.status).toBe(422);
    expect(ragged.body.message).toMatch(/^Line 4\b/);
    expect(
      await query(harness(), examplesId, "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'ragged'"),
    ).toEqual([[0]]);
    const badDate = await upload(
      harness(),
      admin,
      examplesId,
      {
        type: 'csv',
        table_name: 'city_sales',
        delimiter: ';',
        already_exists: 'append',
        column_dates: 'sold_at',
      },
      { name: 'bad.csv', content: 'city;sold_at;amount\nA;2024-01-01 00:00:00;1\nB;not a date;2\n' },
    );
    expect(badDate.status).toBe(422);
    expect(badDate.body.message).toMatch(/^Line 3\b/);
    expect(await query(harness(), examplesId, 'SELECT count(*) FROM city_sales')).toEqual([[3]]);
  });

  it('loads Excel and Parquet files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-upload-test-'));
    try {
      const xlsx = path.join(dir, 'book.xlsx');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx });
      const sheet = workbook.addWorksheet('Data');
      sheet.addRow(['name', 'day', 'value']).commit();
      sheet.addRow(['a', new Date(Date.UTC(2024, 0, 2)), 1.5]).commit();
      sheet.addRow(['b', new Date(Date.UTC(2024, 0, 3)), 2]).commit();
      await workbook.commit();
      const excel = await upload(
        harness(),
        admin,
        examplesId,
        { type: 'excel', table_name: 'from_excel', column_dates: 'day' },
        { name: 'book.xlsx', content: fs.readFileSync(xlsx) },
      );
      expect(excel.status, JSON.stringify(excel.body)).toBe(201);
      expect(await query(harness(), examplesId, 'SELECT name, value FROM from_excel ORDER BY day')).toEqual([
        ['a', 1.5],
        ['b', 2],
      ]);
      expect(excel.body.result.main_dttm_col).toBe('day');

      const parquet = path.join(dir, 'data.parquet');
      const instance = await DuckDBInstance.create(':memory:');
      const con = await instance.connect();
      await con.run(
        `COPY (SELECT range AS id, 'n' || range AS label FROM range(5)) TO '${parquet}' (FORMAT parquet)`,
      );
      con.closeSync();
      instance.closeSync();
      const columnar = await upload(
        harness(),
        admin,
        examplesId,
        { type: 'columnar', table_name: 'from_parquet' },
        { name: 'data.parquet', content: fs.readFileSync(parquet) },
      );
      expect(columnar.status, JSON.stringify(columnar.body)).toBe(201);
      expect(await query(harness(), examplesId, 'SELECT count(*), max(label) FROM from_parquet')).toEqual([
        [5, 'n4'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad fields, databases without file upload and callers without can_upload', async () => {
    const noType = await upload(
      harness(),
      admin,
      examplesId,
      { table_name: 'x' },
      { name: 'a.csv', content: 'a\n1\n' },
    );
    expect(noType.status).toBe(400);
    expect(Object.keys(noType.body.message)).toContain('type');
    const noFile = await upload(harness(), admin, examplesId, { type: 'csv', table_name: 'x' });
    expect(noFile.status).toBe(400);
    const closedId = await insertDatabase(harness(), {
      name: 'closed',
      uri: `duckdb:///${path.join(harness().ctx.config.filesDir, 'closed.duckdb')}?create=true`,
    });
    const closed = await upload(
      harness(),
      admin,
      closedId,
      { type: 'csv', table_name: 'x' },
      { name: 'a.csv', content: 'a\n1\n' },
    );
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe('Database schema is not allowed for csv uploads.');
    expect((await upload(harness(), admin, 9999, { type: 'csv', table_name: 'x' })).status).toBe(404);
    await harness().createUser({ username: 'up_gamma', roles: ['Gamma'] });
    const gamma = await harness().loginAs('up_gamma', 'password123');
    const denied = await upload(
      harness(),
      gamma,
      examplesId,
      { type: 'csv', table_name: 'x' },
      { name: 'a.csv', content: 'a\n1\n' },
    );
    expect(denied.status).toBe(403);
    const anonymous = await harness().app.inject({
      method: 'POST',
      url: `/api/v1/database/${examplesId}/upload/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('loads through the writable pool while no query of the database can read the staged file', async () => {
    const row = await databaseRow(harness(), examplesId);
    const seen: Array<{ sql: string; error: string }> = [];
    const original = UPLOAD_LOADERS.chunks;
    const spy = vi.spyOn(UPLOAD_LOADERS, 'chunks').mockImplementation(async (request) => {
      // The file is staged now: every pool of the database, the writer too, must fail to read it.
      expect(fs.existsSync(request.file)).toBe(true);
      const registry = databaseConnections(harness().ctx);
      for (const connection of [registry.get(row), registry.writer(row)]) {
        for (const sql of [
          `SELECT * FROM read_text('${request.file}')`,
          `SELECT count(*) FROM read_csv('${request.file}')`,
          `SELECT * FROM glob('${path.dirname(request.file)}/*')`,
        ]) {
          const error = await connection.execute(sql).then(
            () => 'read',
            (failure: unknown) => String((failure as Error).message),
          );
          seen.push({ sql, error });
        }
      }
      return original(request);
    });
    try {
      const { status, body } = await upload(
        harness(),
        admin,
        examplesId,
        { type: 'csv', table_name: 'staged_probe', delimiter: ';' },
        { name: 'probe.csv', content: CSV },
      );
      expect(status, JSON.stringify(body)).toBe(201);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toHaveLength(6);
    for (const attempt of seen) {
      expect(attempt.error, attempt.sql).toMatch(/file system operations are disabled/);
    }
    expect(await query(harness(), examplesId, 'SELECT count(*) FROM staged_probe')).toEqual([[2]]);
    // User queries still cannot write the table the upload wrote.
    await expect(
      databaseConnections(harness().ctx).get(row).execute('DELETE FROM staged_probe'),
    ).rejects.toMatchObject({ errorType: 'DML_NOT_ALLOWED_ERROR' });
  });
});

describe('findCsvShapeProblem', () => {
  it('counts fields across quoted delimiters and newlines', async () => {
    const file = path.join(os.tmpdir(), `vitrina-shape-${randomBytes(4).toString('hex')}.csv`);
    try {
      fs.writeFileSync(file, 'a,b\r\n"x,1","multi\nline"\r\n"q""uote",2\r\n3,4,5\r\n');
      expect(await findCsvShapeProblem(file, { delimiter: ',', skipLines: 0 })).toEqual({
        line: 5,
        expected: 2,
        found: 3,
      });
      fs.writeFileSync(file, 'a,b\n1,2\n\n3,4\n');
      expect(await findCsvShapeProblem(file, { delimiter: ',', skipLines: 0 })).toBeNull();
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe.skipIf(!postgresAvailable)('file upload into PostgreSQL', () => {
  const schema = `vitrina_up_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: SERVICES.postgres.url });
  beforeAll(async () => {
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  describeEachMetastore('postgres target', (harness) => {
    it('inserts in batches, all or nothing', async () => {
      const admin = await harness().loginAs(ADMIN.username, ADMIN.password);
      const url = new URL(SERVICES.postgres.url);
      const databaseId = await insertDatabase(harness(), {
        name: 'pg_upload',
        uri: `postgresql://${url.username || 'postgres'}@${url.hostname}:${url.port || 5432}${url.pathname}`,
        allowFileUpload: true,
      });
      const table = `t_${randomBytes(3).toString('hex')}`;
      const ok = await upload(
        harness(),
        admin,
        databaseId,
        { type: 'csv', table_name: table, schema, delimiter: ';', column_dates: 'sold_at' },
        { name: 'a.csv', content: CSV },
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      const rows = await client.query(`SELECT city, amount FROM ${schema}.${table} ORDER BY sold_at`);
      expect(rows.rows).toEqual([
        { city: 'Moscow', amount: 12.5 },
        { city: 'Омск', amount: 7 },
      ]);
      const bad = await upload(
        harness(),
        admin,
        databaseId,
        {
          type: 'csv',
          table_name: table,
          schema,
          delimiter: ';',
          column_dates: 'sold_at',
          already_exists: 'append',
        },
        { name: 'a.csv', content: 'city;sold_at;amount\nX;2024-01-01 00:00:00;1\nY;bad;2\n' },
      );
      expect(bad.status).toBe(422);
      const count = await client.query(`SELECT count(*)::int AS n FROM ${schema}.${table}`);
      expect(count.rows[0].n).toBe(2);
      const leftovers = await client.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name LIKE 'vitrina_upload_%'`,
        [schema],
      );
      expect(leftovers.rows[0].n).toBe(0);
    });
  });
});
