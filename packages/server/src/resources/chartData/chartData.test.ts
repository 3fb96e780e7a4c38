import path from 'node:path';
import { fullCsvContext, pivotedCsvContext } from '@vitrina/common/viz/shared/exportContexts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { configureChartData, DEFAULT_CHART_DATA_SETTINGS } from '../../flows/chartData/settings.ts';
import { datasetPermissionView } from '../../security/dataAccess.ts';
import { connectionOf, createRole, insertDatabase, insertRlsRule } from '../../testing/fixtures.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { ADMIN, describeEachMetastore, type Headers, type TestApp } from '../../testing/testApp.ts';

const postgresUp = await serviceAvailable('postgres');

const ROWS = [
  [1, 'Москва', "O'Brien", 10.5, '2024-01-01 10:00:00', true],
  [2, 'Москва', 'Иван', 20, '2024-01-02 00:00:00', false],
  [3, 'Berlin', 'Anna "A"', 5, '2024-02-01 00:00:00', true],
  [4, "St. John's", 'Пётр', 7, '2024-03-01 00:00:00', null],
  [5, 'Berlin', 'Bob', 1.5, '2024-03-15 12:30:00', false],
] as const;

function sqlValue(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return String(value);
}

interface Setup {
  databaseId: number;
  datasetId: number;
  admin: Headers;
}

async function setUp(harness: TestApp): Promise<Setup> {
  const file = path.join(harness.ctx.config.filesDir, 'chart_data.duckdb');
  await withDuckDb(file, async (con) => {
    await con.run(
      'CREATE TABLE orders (id INTEGER, city VARCHAR, customer VARCHAR, amount DOUBLE, placed_at TIMESTAMP, paid BOOLEAN)',
    );
    for (const row of ROWS) await con.run(`INSERT INTO orders VALUES (${row.map(sqlValue).join(', ')})`);
    await con.run('CREATE TABLE x (a INTEGER)');
    await con.run('INSERT INTO x VALUES (1)');
    await con.run('CHECKPOINT');
  });
  const databaseId = await insertDatabase(harness, { name: 'chartdb', uri: `duckdb:///${file}` });
  const admin = await harness.bearer(ADMIN.username, ADMIN.password);
  const created = await harness.app.inject({
    method: 'POST',
    url: '/api/v1/dataset/',
    headers: admin,
    payload: { database: databaseId, table_name: 'orders' },
  });
  expect(created.statusCode).toBe(201);
  return { databaseId, datasetId: created.json<{ id: number }>().id, admin };
}

describeEachMetastore('chart data API', (harness) => {
  let setup: Setup;
  const post = (payload: unknown, headers: Headers = setup.admin, url = '/api/v1/chart/data') =>
    harness().app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const context = (query: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    datasource: { id: setup.datasetId, type: 'table' },
    queries: [query],
    ...extra,
  });
  const byCity = {
    columns: ['city'],
    metrics: [
      { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
    ],
    orderby: [['total', false]],
  };

  /** The test database's connection as the server holds it (to spy on how a request reaches it). */
  const exampleConnection = () => connectionOf(harness(), setup.databaseId);

  beforeAll(async () => {
    setup = await setUp(harness());
  });

  it('answers 401 to anonymous callers', async () => {
    const response = await post(context(byCity), {});
    expect(response.statusCode).toBe(401);
  });

  it('runs a full query: data, colnames, coltypes and Superset fields', async () => {
    const response = await post(context(byCity));
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result;
    expect(entry.colnames).toEqual(['city', 'total']);
    expect(entry.coltypes).toEqual([1, 0]);
    expect(entry.data).toEqual(
      [
        { city: 'Москва', total: 30.5 },
        { city: 'Berlin', total: 6.5 },
        { city: "St. John's", total: 7 },
      ].sort((a, b) => b.total - a.total),
    );
    expect(entry.rowcount).toBe(3);
    expect(entry.sql_rowcount).toBe(3);
    expect(entry.status).toBe('success');
    expect(entry.is_cached).toBe(false);
    expect(entry.cached_dttm).toBeNull();
    expect(entry.cache_key).toMatch(/^[0-9a-f]{32}$/);
    expect(entry.query).toMatch(/SUM/);
    expect(entry.stacktrace).toBeNull();
    expect(entry.error).toBeNull();
    expect(entry.annotation_data).toEqual({});
  });

  it('answers DECIMAL metrics as JSON numbers, as Superset does', async () => {
    const decimal = {
      expressionType: 'SQL',
      sqlExpression: 'CAST(SUM(amount) AS DECIMAL(14, 2))',
      label: 'exact',
    };
    const response = await post(
      context({ columns: ['city'], metrics: [decimal], orderby: [['exact', false]] }),
    );
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result;
    expect(entry.coltypes).toEqual([1, 0]);
    expect(entry.data[0]).toEqual({ city: 'Москва', exact: 30.5 });
  });

  it('answers temporal columns as epoch milliseconds and reports the time range', async () => {
    const response = await post(
      context({
        columns: ['id', 'placed_at'],
        filters: [{ col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' }],
        orderby: [],
        time_range: '2024-01-01 : 2024-02-01',
      }),
    );
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result;
    expect(entry.coltypes).toEqual([0, 2]);
    expect(entry.data).toEqual([
      { id: 1, placed_at: Date.UTC(2024, 0, 1, 10) },
      { id: 2, placed_at: Date.UTC(2024, 0, 2) },
    ]);
    expect(entry.from_dttm).toBe(Date.UTC(2024, 0, 1));
    expect(entry.to_dttm).toBe(Date.UTC(2024, 1, 1));
    expect(entry.applied_filters).toEqual([{ column: 'placed_at' }, { column: '__time_range' }]);
  });

  it('filters on values with quotes and Cyrillic', async () => {
    const quoted = await post(
      context({ columns: ['id'], filters: [{ col: 'city', op: '==', val: "St. John's" }] }),
    );
    expect(quoted.json().result[0].data).toEqual([{ id: 4 }]);
    const cyrillic = await post(
      context({
        columns: ['id'],
        filters: [{ col: 'customer', op: 'IN', val: ['Иван', 'Пётр', "O'Brien"] }],
      }),
    );
    expect(
      cyrillic
        .json()
        .result[0].data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([1, 2, 4]);
    const like = await post(
      context({ columns: ['id'], filters: [{ col: 'customer', op: 'LIKE', val: 'Anna "%' }] }),
    );
    expect(like.json().result[0].data).toEqual([{ id: 3 }]);
  });

  it('result_type query gives the SQL with the parameters written in', async () => {
    const response = await post(
      context(
        { columns: ['id'], filters: [{ col: 'city', op: '==', val: "St. John's" }] },
        { result_type: 'query' },
      ),
    );
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result;
    expect(entry.language).toBe('sql');
    expect(entry.query).toContain("'St. John''s'");
    expect(entry.data).toBeUndefined();
  });

  it('result_type results answers only the data fields (and their timings)', async () => {
    const response = await post(context(byCity, { result_type: 'results' }));
    const [entry] = response.json().result;
    expect(Object.keys(entry).sort()).toEqual([
      'colnames',
      'coltypes',
      'data',
      'rowcount',
      'sql_rowcount',
      'timings',
    ]);
  });

  it('result_type samples ignores metrics and groupby; drill_detail keeps the filters', async () => {
    const samples = await post(context(byCity, { result_type: 'samples' }));
    expect(samples.statusCode).toBe(200);
    const [entry] = samples.json().result;
    expect(entry.colnames).toEqual(['id', 'city', 'customer', 'amount', 'placed_at', 'paid']);
    expect(entry.rowcount).toBe(5);
    const drill = await post(
      context(
        { ...byCity, filters: [{ col: 'city', op: '==', val: 'Berlin' }] },
        { result_type: 'drill_detail' },
      ),
    );
    expect(
      drill
        .json()
        .result[0].data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([3, 5]);
  });

  it('result_type columns and timegrains describe the dataset and the engine', async () => {
    const columns = await post(context(byCity, { result_type: 'columns' }));
    expect(columns.json().result[0].data.map((c: { column_name: string }) => c.column_name)).toContain(
      'customer',
    );
    expect(columns.json().result[0].data[0]).toHaveProperty('dtype');
    const grains = await post(context(byCity, { result_type: 'timegrains' }));
    const day = grains.json().result[0].data.find((g: { duration: string }) => g.duration === 'P1D');
    expect(day.name).toBe('Day');
    expect(day.function).toContain('{col}');
  });

  it('post_processed and full accept an empty post-processing list', async () => {
    const response = await post(
      context({ ...byCity, post_processing: [] }, { result_type: 'post_processed' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result[0].rowcount).toBe(3);
  });

  it('applies post-processing (sort, cum, rename) and keeps temporals as epoch ms', async () => {
    const response = await post(
      context({
        columns: [
          {
            label: 'month',
            sqlExpression: 'placed_at',
            expressionType: 'SQL',
            isColumnReference: true,
            timeGrain: 'P1M',
            columnType: 'BASE_AXIS',
          },
        ],
        metrics: byCity.metrics,
        orderby: [],
        post_processing: [
          { operation: 'sort', options: { by: 'month', ascending: true } },
          { operation: 'cum', options: { columns: { total: 'total' }, operator: 'sum' } },
          { operation: 'rename', options: { columns: { total: 'Итого' } } },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result;
    expect(entry.colnames).toEqual(['month', 'Итого']);
    expect(entry.coltypes).toEqual([2, 0]);
    expect(entry.data).toEqual([
      { month: Date.UTC(2024, 0, 1), Итого: 30.5 },
      { month: Date.UTC(2024, 1, 1), Итого: 35.5 },
      { month: Date.UTC(2024, 2, 1), Итого: 44 },
    ]);
  });

  it('skips post-processing on an empty result, as Superset does', async () => {
    const response = await post(
      context({
        ...byCity,
        filters: [{ col: 'city', op: '==', val: 'nowhere' }],
        orderby: [],
        post_processing: [
          {
            operation: 'pivot',
            options: { index: ['city'], columns: [], aggregates: { total: { operator: 'mean' } } },
          },
          { operation: 'rename', options: { columns: { missing: 'still missing' } } },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = response.json().result;
    expect(entry.rowcount).toBe(0);
    expect(entry.data).toEqual([]);
  });

  it('answers 400 naming the operation for bad post-processing', async () => {
    const response = await post(
      context({ ...byCity, post_processing: [{ operation: 'rolling', options: {} }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/post_processing/);
  });

  it('caches: the second call is cached with the same key, force refreshes, GET by key replays', async () => {
    const query = context({ ...byCity, row_limit: 101 });
    const first = (await post(query)).json().result[0];
    const second = (await post(query)).json().result[0];
    expect(second.is_cached).toBe(true);
    expect(second.cache_key).toBe(first.cache_key);
    expect(typeof second.cached_dttm).toBe('string');
    expect(second.data).toEqual(first.data);
    const forced = (await post({ ...query, force: true })).json().result[0];
    expect(forced.is_cached).toBe(false);
    expect(forced.cache_key).toBe(first.cache_key);
    const replay = await harness().app.inject({
      method: 'GET',
      url: `/api/v1/chart/data/${first.cache_key}`,
      headers: setup.admin,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().result[0].is_cached).toBe(true);
    expect(replay.json().result[0].data).toEqual(first.data);
    const missing = await harness().app.inject({
      method: 'GET',
      url: '/api/v1/chart/data/0123456789abcdef0123456789abcdef',
      headers: setup.admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('runs identical concurrent requests once', async () => {
    const connection = await exampleConnection();
    // The example DuckDB writes a plain answer's records itself (executeJsonRecords), others execute.
    const spies = [
      vi.spyOn(connection, 'execute'),
      ...(connection.executeJsonRecords ? [vi.spyOn(connection, 'executeJsonRecords')] : []),
    ];
    try {
      const query = context({ ...byCity, row_limit: 202 });
      const responses = await Promise.all([post(query), post(query), post(query), post(query)]);
      for (const response of responses) expect(response.statusCode).toBe(200);
      expect(spies.reduce((calls, spy) => calls + spy.mock.calls.length, 0)).toBe(1);
      const keys = new Set(responses.map((r) => r.json().result[0].cache_key));
      expect(keys.size).toBe(1);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('exports CSV with a byte-order mark, a header and Cyrillic, named after the chart', async () => {
    const response = await post(
      context(
        { columns: ['id', 'city'], orderby: [], row_limit: 10 },
        { result_format: 'csv', form_data: { slice_name: 'Заказы', viz_type: 'table' } },
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(response.headers['content-disposition'])).toContain("filename*=UTF-8''");
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('Заказы_table_');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('id,city');
    expect(lines).toContain('1,Москва');
    expect(lines).toContain(`4,St. John's`);
  });

  it('exports the pivoted CSV: rows down, column values across, as the pivot table draws it', async () => {
    const formData = { viz_type: 'pivot_table_v2', groupbyRows: ['city'], groupbyColumns: ['paid'] };
    const built = context({ columns: ['paid', 'city'], metrics: byCity.metrics, orderby: [] }) as never;
    const response = await post(pivotedCsvContext(built, formData as never));
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('city,"total, False","total, True","total, <NULL>"');
    expect(lines.slice(1)).toEqual(['Berlin,1.5,5,', "St. John's,,,7", 'Москва,20,10.5,']);
  });

  it('exports the full CSV past the chart row limit', async () => {
    const built = context({ columns: ['id'], orderby: [['id', true]], row_limit: 2 }) as never;
    const response = await post(fullCsvContext(built, 1000));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(3).toString('utf8').trim().split('\r\n')).toHaveLength(6);
  });

  it('exports XLSX that reads back', async () => {
    const response = await post(
      context({ columns: ['id', 'customer'], orderby: [], row_limit: 10 }, { result_format: 'xlsx' }),
    );
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(/\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'id', 'customer']);
    const customers = [2, 3, 4, 5, 6].map((r) => sheet?.getRow(r).getCell(2).value);
    expect(customers).toContain('Пётр');
  });

  it("exports XLSX from DuckDB's own sheet rows, and through the JavaScript writer for a type they lack", async () => {
    const connection = await exampleConnection();
    const engine = vi.spyOn(connection, 'streamXlsxRows');
    const rows = vi.spyOn(connection, 'stream');
    const read = async (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    };
    try {
      const plain = await read(
        await post(
          context(
            { columns: ['id', 'customer', 'placed_at'], orderby: [['id', true]], row_limit: 10 },
            { result_format: 'xlsx', force: true },
          ),
        ),
      );
      expect(engine).toHaveBeenCalledTimes(1);
      expect(await engine.mock.results[0]!.value).not.toBeNull();
      expect(rows).not.toHaveBeenCalled();
      expect(plain.getRow(2).getCell(2).value).toBe("O'Brien");
      expect(plain.getRow(2).getCell(3).value).toEqual(new Date('2024-01-01T10:00:00Z'));
      // An INTERVAL has no sheet form in SQL: the rows go through the JavaScript writer.
      const gap = { expressionType: 'SQL', sqlExpression: 'to_days(id)', label: 'gap' };
      const fallback = await read(
        await post(
          context(
            { columns: ['id', gap], orderby: [['id', true]], row_limit: 10 },
            { result_format: 'xlsx', force: true },
          ),
        ),
      );
      expect(engine).toHaveBeenCalledTimes(2);
      expect(await engine.mock.results[1]!.value).toBeNull();
      expect(rows).toHaveBeenCalledTimes(1);
      expect(fallback.getRow(1).values).toEqual([undefined, 'id', 'gap']);
      expect(fallback.getRow(2).getCell(2).value).toBe('1 day');
    } finally {
      engine.mockRestore();
      rows.mockRestore();
    }
  });

  it('accepts the query context as a form_data form field (browser export form post)', async () => {
    const body = new URLSearchParams({
      form_data: JSON.stringify(
        context({ columns: ['id'], orderby: [], row_limit: 2 }, { result_format: 'csv' }),
      ),
    }).toString();
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { ...setup.admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe('id');
  });

  it('an empty export is a 400 with the reason, never an empty file', async () => {
    const response = await post(
      context(
        { columns: ['id'], filters: [{ col: 'city', op: '==', val: 'nowhere' }] },
        { result_format: 'csv' },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('No data to export');
  });

  it('refuses custom SQL that hides a statement, and the table is still there', async () => {
    const response = await post(
      context({
        columns: [],
        metrics: [{ expressionType: 'SQL', sqlExpression: '1); DROP TABLE x; --', label: 'evil' }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/metrics\[0\]/);
    const check = await (await exampleConnection()).execute('SELECT COUNT(*) AS n FROM x');
    expect(Number(check.rows[0]?.[0])).toBe(1);
  });

  it('answers 400 naming the field for unknown columns, bad operators and a row limit over the maximum', async () => {
    const unknown = await post(context({ columns: ['nope'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/queries\[0\]\.columns\[0\]|nope/);
    const badOp = await post(context({ columns: ['id'], filters: [{ col: 'id', op: 'BETWEEN', val: 1 }] }));
    expect(badOp.statusCode).toBe(400);
    expect(badOp.json().message).toMatch(/filters\[0\]/);
    const tooMany = await post(context({ columns: ['id'], row_limit: 10_000_000 }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/row_limit/);
  });

  it('answers 404 for an unknown dataset', async () => {
    const response = await post({
      datasource: { id: 999_999, type: 'table' },
      queries: [{ columns: ['id'] }],
    });
    expect(response.statusCode).toBe(404);
  });

  describe('permissions and row-level security', () => {
    let viewer: Headers;
    let outsider: Headers;

    beforeAll(async () => {
      const view = datasetPermissionView('chartdb', { id: setup.datasetId, table_name: 'orders' } as never);
      await createRole(harness(), 'chart_viewer', [
        ['can_read', 'Chart'],
        ['can_samples', 'Datasource'],
        ['datasource_access', view],
      ]);
      await createRole(harness(), 'chart_outsider', [['can_read', 'Chart']]);
      await harness().createUser({ username: 'viewer', roles: ['chart_viewer'] });
      await harness().createUser({ username: 'outsider', roles: ['chart_outsider'] });
      viewer = await harness().bearer('viewer', 'password123');
      outsider = await harness().bearer('outsider', 'password123');
    });

    it('403 with DATASOURCE_SECURITY_ACCESS_ERROR without access to the dataset', async () => {
      const response = await post(context({ columns: ['id'] }), outsider);
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    });

    it('403 for CSV without can_csv', async () => {
      const ok = await post(context({ columns: ['id'] }), viewer);
      expect(ok.statusCode).toBe(200);
      const csv = await post(context({ columns: ['id'] }, { result_format: 'csv' }), viewer);
      expect(csv.statusCode).toBe(403);
    });

    it('applies a Regular row-level security filter to the role', async () => {
      await insertRlsRule(harness(), {
        name: 'berlin only',
        clause: "city = 'Berlin'",
        datasetIds: [setup.datasetId],
        roleNames: ['chart_viewer'],
      });

      const query = context({ columns: ['id'], orderby: [], row_limit: 303 });
      const restricted = (await post(query, viewer)).json().result[0];
      expect(restricted.data.map((r: { id: number }) => r.id).sort()).toEqual([3, 5]);
      const everyone = (await post(query)).json().result[0];
      expect(everyone.rowcount).toBe(5);
      expect(everyone.cache_key).not.toBe(restricted.cache_key);
      // The viewer cannot read the admin's unrestricted result through its key.
      const replay = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/chart/data/${everyone.cache_key}`,
        headers: viewer,
      });
      expect(replay.statusCode).toBe(404);
    });
  });

  describe('POST /datasource/samples', () => {
    it('answers a page of samples with the total count', async () => {
      const response = await post(
        undefined,
        setup.admin,
        `/datasource/samples?datasource_id=${setup.datasetId}&datasource_type=table&page=2&per_page=2`,
      );
      expect(response.statusCode).toBe(200);
      const { result } = response.json();
      expect(result.page).toBe(2);
      expect(result.per_page).toBe(2);
      expect(result.total_count).toBe(5);
      expect(result.rowcount).toBe(2);
      expect(result.colnames).toContain('customer');
    });

    it('with a body of filters it is a drill-detail query', async () => {
      const response = await post(
        { filters: [{ col: 'city', op: '==', val: 'Москва' }] },
        setup.admin,
        `/datasource/samples?datasource_id=${setup.datasetId}&datasource_type=table&force=true`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().result.total_count).toBe(2);
    });

    it('refuses per_page over the samples row limit', async () => {
      const response = await post(
        undefined,
        setup.admin,
        `/datasource/samples?datasource_id=${setup.datasetId}&datasource_type=table&per_page=5000`,
      );
      expect(response.statusCode).toBe(400);
    });
  });

  describe.runIf(postgresUp)('a slow PostgreSQL query', () => {
    it('is cancelled at the timeout and answered with Query timeout', async () => {
      const url = new URL(SERVICES.postgres.url);
      const uri = `postgresql://${url.username}${url.password ? `:${url.password}` : ''}@${url.hostname}:${url.port || 5432}${url.pathname}`;
      const databaseId = await insertDatabase(harness(), { name: 'slowpg', uri });
      const created = await harness().app.inject({
        method: 'POST',
        url: '/api/v1/dataset/',
        headers: setup.admin,
        payload: {
          database: databaseId,
          table_name: 'slow_rows',
          sql: 'SELECT n, length(pg_sleep(0.3)::text) AS slept FROM generate_series(1, 20) AS n',
        },
      });
      expect(created.statusCode).toBe(201);
      configureChartData(harness().ctx, { queryTimeoutMs: 1000 });
      try {
        const response = await post({
          datasource: { id: created.json().id, type: 'table' },
          queries: [{ columns: ['n', 'slept'], orderby: [] }],
        });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body.message).toBe('Query timeout');
        expect(body.errors[0].error_type).toBe('BACKEND_TIMEOUT_ERROR');
        // The driver cancelled it in the database: it is not left running there.
        const client = new pg.Client({ connectionString: SERVICES.postgres.url });
        await client.connect();
        try {
          let running = 1;
          for (let attempt = 0; attempt < 50 && running > 0; attempt++) {
            const result = await client.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%generate_series(1, 20)%' AND pid <> pg_backend_pid()",
            );
            running = result.rows[0].n;
            if (running > 0) await new Promise((resolve) => setTimeout(resolve, 100));
          }
          expect(running).toBe(0);
        } finally {
          await client.end();
        }
      } finally {
        configureChartData(harness().ctx, DEFAULT_CHART_DATA_SETTINGS);
      }
    }, 30_000);
  });
});
