import { randomBytes } from 'node:crypto';
import { encodeRison } from '@vitrina/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseConnections } from '../../connections/connections.ts';
import { datasetPermissionView } from '../../security/dataAccess.ts';
import { createRole, databaseRow, insertDatabase } from '../../testing/fixtures.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { registerSmallExamples } from './testFixtures.ts';

const q = (value: unknown) => encodeURIComponent(encodeRison(value));
const postgresAvailable = await serviceAvailable('postgres');

interface Column {
  id: number;
  column_name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  expression: string | null;
  verbose_name_ru: string | null;
}
interface Metric {
  id: number;
  metric_name: string;
  expression: string;
}

describeEachMetastore('datasets API', (harness) => {
  let admin: Headers;
  let examplesId: number;
  let salesId: number;

  const request = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Headers = admin,
  ) => {
    const response = await harness().app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const datasetCount = async () =>
    Number(
      (
        await harness()
          .ctx.metastore.db.selectFrom('datasets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const show = async (id: number) => (await request('GET', `/api/v1/dataset/${id}`)).body.result;

  beforeAll(async () => {
    examplesId = await registerSmallExamples(harness());
    admin = await harness().loginAs(ADMIN.username, ADMIN.password);
  }, 120_000);

  it('refuses anonymous callers', async () => {
    const response = await harness().app.inject({ method: 'GET', url: '/api/v1/dataset/' });
    expect(response.statusCode).toBe(401);
  });

  it('creates a physical dataset over the examples sales table with typed columns', async () => {
    const { status, body } = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'sales',
    });
    expect(status).toBe(201);
    salesId = body.id;
    const dataset = body.data;
    expect(dataset.kind).toBe('physical');
    expect(dataset.main_dttm_col).toBe('order_ts');
    const byName = new Map<string, Column>(dataset.columns.map((c: Column) => [c.column_name, c]));
    expect(byName.get('order_ts')).toMatchObject({ type: 'TIMESTAMP', type_generic: 2, is_dttm: true });
    expect(byName.get('order_id')).toMatchObject({ type: 'BIGINT', type_generic: 0, is_dttm: false });
    expect(byName.get('region')).toMatchObject({ type: 'VARCHAR', type_generic: 1 });
    expect(byName.get('revenue')?.type_generic).toBe(0);
    expect(dataset.metrics.map((m: Metric) => [m.metric_name, m.expression])).toEqual([
      ['count', 'COUNT(*)'],
    ]);
    expect(dataset.owners.map((o: { id: number }) => o.id)).toEqual([1]);
    expect(dataset.select_star).toContain('FROM "sales"');
    expect(dataset.database).toMatchObject({ id: examplesId, database_name: 'examples', backend: 'duckdb' });
    // Its datasource_access pair exists, so roles can be granted it.
    const view = await harness()
      .ctx.metastore.db.selectFrom('view_menus')
      .select('name')
      .where('name', '=', datasetPermissionView('examples', { id: salesId, table_name: 'sales' }))
      .executeTakeFirst();
    expect(view).toBeDefined();
  });

  it('refuses a second dataset over the same table, naming it', async () => {
    const before = await datasetCount();
    const { status, body } = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'sales',
    });
    expect(status).toBe(422);
    expect(body.message.table[0]).toContain('sales');
    expect(await datasetCount()).toBe(before);
  });

  it('refuses a table that does not exist with the database error, saving nothing', async () => {
    const before = await datasetCount();
    const { status, body } = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'no_such_table',
    });
    expect(status).toBe(422);
    expect(body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(body.errors[0].message).toContain('no_such_table');
    expect(await datasetCount()).toBe(before);
  });

  it('refuses bad input: missing fields 400, unknown database 422', async () => {
    expect((await request('POST', '/api/v1/dataset/', { table_name: 'x' })).status).toBe(400);
    expect(
      (await request('POST', '/api/v1/dataset/', { database: examplesId, table_name: 'x', bogus: 1 })).status,
    ).toBe(400);
    const unknown = await request('POST', '/api/v1/dataset/', { database: 9999, table_name: 'sales' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message.database).toEqual(['Database does not exist']);
  });

  let virtualId: number;
  it('creates a virtual dataset from SQL, typing its columns from the result', async () => {
    const { status, body } = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'revenue_by_region',
      sql: "SELECT region, date_trunc('month', order_ts) AS month, sum(revenue) AS revenue FROM sales GROUP BY 1, 2;",
    });
    expect(status).toBe(201);
    virtualId = body.id;
    expect(body.data.kind).toBe('virtual');
    const columns = body.data.columns.map((c: Column) => [c.column_name, c.type_generic, c.is_dttm]);
    expect(columns).toEqual([
      ['region', 1, false],
      ['month', 2, true],
      ['revenue', 0, false],
    ]);
    expect(body.data.main_dttm_col).toBe('month');
  });

  it('fills template parameters into a virtual dataset, and names the ones missing', async () => {
    const created = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'channel_sales',
      sql: "SELECT channel, count(*) AS orders FROM sales WHERE channel = '{{ channel }}' GROUP BY 1",
      template_params: '{"channel": "online"}',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.columns.map((c: Column) => c.column_name)).toEqual(['channel', 'orders']);

    const before = await datasetCount();
    const missing = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'channel_sales_2',
      sql: "SELECT * FROM sales WHERE channel = '{{ channel }}' AND region = '{{ region }}'",
      template_params: '{"channel": "online"}',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({
      error_type: 'MISSING_TEMPLATE_PARAMS_ERROR',
      message: 'The following parameters in your query are undefined: region.',
    });
    expect(await datasetCount()).toBe(before);
    expect((await request('DELETE', `/api/v1/dataset/${created.body.id}`)).status).toBe(200);
  });

  it("accepts SQL Lab's body with the result columns, marking the ones sent as temporal", async () => {
    const created = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'from_sqllab',
      schema: null,
      sql: "SELECT channel, '2024-01-02' AS day FROM sales LIMIT 3",
      template_params: null,
      columns: [
        { column_name: 'channel', name: 'channel', type: 'VARCHAR', is_dttm: false, type_generic: 1 },
        { column_name: 'day', name: 'day', type: 'VARCHAR', is_dttm: true, type_generic: 2 },
      ],
    });
    expect(created.status).toBe(201);
    const columns = created.body.data.columns as Column[];
    expect(columns.map((c) => [c.column_name, c.is_dttm])).toEqual([
      ['channel', false],
      ['day', true],
    ]);
    expect((await request('DELETE', `/api/v1/dataset/${created.body.id}`)).status).toBe(200);
    const wrong = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'from_sqllab_2',
      sql: 'SELECT 1 AS one',
      columns: 'one',
    });
    expect(wrong.status).toBe(400);
  });

  it('refuses SQL that fails, or more than one statement, saving nothing', async () => {
    const before = await datasetCount();
    const failing = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'broken',
      sql: 'SELECT no_such_column FROM sales',
    });
    expect(failing.status).toBe(422);
    expect(failing.body.errors[0].error_type).toMatch(/ERROR$/);
    const twoStatements = await request('POST', '/api/v1/dataset/', {
      database: examplesId,
      table_name: 'broken2',
      sql: 'SELECT 1; DROP TABLE sales',
    });
    expect(twoStatements.status).toBe(422);
    expect(await datasetCount()).toBe(before);
  });

  it('answers only the requested columns of one dataset', async () => {
    const columns = ['table_name', 'schema', 'database.id', 'select_star'];
    const { status, body } = await request('GET', `/api/v1/dataset/${salesId}?q=${q({ columns })}`);
    expect(status).toBe(200);
    expect(Object.keys(body.result).sort()).toEqual(['database', 'schema', 'select_star', 'table_name']);
    expect(body.result.database).toEqual({ id: examplesId });
    expect(body.show_columns).toEqual(columns);
    expect((await request('GET', `/api/v1/dataset/${salesId}?q=(columns:!(nope))`)).status).toBe(400);
    expect((await request('GET', `/api/v1/dataset/${salesId}?q=(columns:!(`)).status).toBe(400);
    expect((await request('GET', '/api/v1/dataset/99999')).status).toBe(404);
    // By uuid too, as Superset.
    const uuid = (await show(salesId)).uuid;
    expect((await request('GET', `/api/v1/dataset/${uuid}`)).body.id).toBe(salesId);
  });

  it('lists with rison filters and ordering', async () => {
    const list = await request(
      'GET',
      `/api/v1/dataset/?q=${q({ order_column: 'table_name', order_direction: 'asc' })}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.result.map((d: { table_name: string }) => d.table_name)).toEqual([
      'revenue_by_region',
      'sales',
    ]);
    const item = list.body.result[1];
    expect(item).toMatchObject({
      kind: 'physical',
      database: { id: examplesId, database_name: 'examples' },
      owners: [{ id: 1 }],
      explore_url: `/explore/?datasource_type=table&datasource_id=${salesId}`,
    });
    expect(item.changed_on_delta_humanized).toMatch(/ago|now/);
    const physical = await request(
      'GET',
      `/api/v1/dataset/?q=${q({ filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: true }] })}`,
    );
    expect(physical.body.ids).toEqual([salesId]);
    const virtual = await request(
      'GET',
      `/api/v1/dataset/?q=${q({ filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }] })}`,
    );
    expect(virtual.body.ids).toEqual([virtualId]);
    const byName = await request(
      'GET',
      `/api/v1/dataset/?q=${q({
        filters: [
          { col: 'table_name', opr: 'ct', value: 'REGION' },
          { col: 'database', opr: 'rel_o_m', value: examplesId },
          { col: 'owners', opr: 'rel_m_m', value: 1 },
        ],
        columns: ['id', 'table_name'],
      })}`,
    );
    expect(byName.body.result).toEqual([{ id: virtualId, table_name: 'revenue_by_region' }]);
    const certified = await request(
      'GET',
      `/api/v1/dataset/?q=${q({ filters: [{ col: 'id', opr: 'dataset_is_certified', value: true }] })}`,
    );
    expect(certified.body.count).toBe(0);
    expect((await request('GET', '/api/v1/dataset/?q=(filters:!((col:nope,opr:eq,value:1)))')).status).toBe(
      400,
    );
    expect((await request('GET', '/api/v1/dataset/?q=(((')).status).toBe(400);
    expect((await request('GET', '/api/v1/dataset/?q=(columns:!(password))')).status).toBe(400);
  });

  it('updates fields, columns and metrics in one go, keeping Russian variants as given', async () => {
    const before = await show(salesId);
    const columns = before.columns.map((c: Column) =>
      c.column_name === 'region'
        ? { id: c.id, column_name: c.column_name, verbose_name: 'Region', verbose_name_ru: 'Регион' }
        : { id: c.id, column_name: c.column_name },
    );
    columns.push({ column_name: 'margin', expression: 'profit / revenue', type: 'DOUBLE' });
    const { status, body } = await request('PUT', `/api/v1/dataset/${salesId}`, {
      description: 'Order lines',
      description_ru: 'Строки заказов',
      cache_timeout: 60,
      extra: JSON.stringify({
        certification: { certified_by: 'Data team', details: 'Checked' },
        warning_markdown: 'Sample',
      }),
      columns,
      metrics: [
        {
          metric_name: 'revenue',
          expression: 'SUM(revenue)',
          verbose_name_ru: 'Выручка',
          d3format: ',.2f',
          currency: { symbol: 'USD', symbolPosition: 'prefix' },
        },
      ],
    });
    expect(status).toBe(200);
    const after = body.result;
    expect(after).toMatchObject({
      description_ru: 'Строки заказов',
      cache_timeout: 60,
      certified_by: 'Data team',
    });
    expect(JSON.parse(after.extra)).toMatchObject({
      certification: { certified_by: 'Data team', details: 'Checked' },
      warning_markdown: 'Sample',
    });
    expect(after.columns.find((c: Column) => c.column_name === 'region').verbose_name_ru).toBe('Регион');
    expect(after.columns.find((c: Column) => c.column_name === 'margin')).toMatchObject({
      expression: 'profit / revenue',
      type_generic: 0,
    });
    expect(after.metrics.map((m: Metric) => m.metric_name)).toEqual(['revenue']);
    expect(after.metrics[0]).toMatchObject({
      verbose_name_ru: 'Выручка',
      currency: { symbol: 'USD', symbolPosition: 'prefix' },
    });
    expect(after.column_formats).toEqual({ revenue: ',.2f' });
    const certified = await request(
      'GET',
      `/api/v1/dataset/?q=${q({ filters: [{ col: 'id', opr: 'dataset_is_certified', value: true }] })}`,
    );
    expect(certified.body.ids).toEqual([salesId]);
  });

  it('refuses invalid updates with 422 and changes nothing', async () => {
    const before = await show(salesId);
    const [first, second] = before.columns as Column[];
    const cases: Array<[unknown, string]> = [
      [
        {
          columns: [
            { id: first!.id, column_name: 'x' },
            { id: second!.id, column_name: 'x' },
          ],
        },
        'columns',
      ],
      [{ columns: [{ id: 987654, column_name: 'ghost' }] }, 'columns'],
      [
        {
          metrics: [
            { metric_name: 'a', expression: 'COUNT(*)' },
            { metric_name: 'a', expression: 'SUM(x)' },
          ],
        },
        'metrics',
      ],
      [{ metrics: [{ metric_name: 'no_expression' }] }, 'metrics'],
      [{ main_dttm_col: 'region' }, 'main_dttm_col'],
      [{ description: 'changed', extra: '{not json' }, 'extra'],
      [{ database_id: 12345 }, 'database'],
      [{ table_name: 'revenue_by_region' }, 'table'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await request('PUT', `/api/v1/dataset/${salesId}`, payload);
      expect(status, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(body.message)).toContain(field);
    }
    expect((await request('PUT', `/api/v1/dataset/${salesId}`, { bogus: true })).status).toBe(400);
    expect(
      (await request('PUT', `/api/v1/dataset/${salesId}`, { columns: [{ verbose_name: 'no name' }] })).status,
    ).toBe(400);
    expect((await request('PUT', '/api/v1/dataset/424242', { description: 'x' })).status).toBe(404);
    const after = await show(salesId);
    expect({ ...after, changed_on_humanized: '', created_on_humanized: '' }).toEqual({
      ...before,
      changed_on_humanized: '',
      created_on_humanized: '',
    });
  });

  it('accepts a temporal main_dttm_col and renames a column next to a new one of its old name', async () => {
    const before = await show(salesId);
    const day = before.columns.find((c: Column) => c.column_name === 'order_ts') as Column;
    const rest = before.columns
      .filter((c: Column) => c.id !== day.id)
      .map((c: Column) => ({ id: c.id, column_name: c.column_name }));
    const { status, body } = await request('PUT', `/api/v1/dataset/${salesId}`, {
      main_dttm_col: 'order_ts',
      columns: [...rest, { id: day.id, column_name: 'order_ts', is_dttm: true }],
    });
    expect(status).toBe(200);
    expect(body.result.main_dttm_col).toBe('order_ts');
  });

  it('refreshes columns from the source, keeping calculated columns and metrics', async () => {
    const database = await databaseRow(harness(), examplesId);
    await databaseConnections(harness().ctx)
      .writer(database)
      .execute('ALTER TABLE sales ADD COLUMN note VARCHAR');
    expect((await request('PUT', `/api/v1/dataset/${salesId}/refresh`)).body).toEqual({ message: 'OK' });
    const after = await show(salesId);
    const names = after.columns.map((c: Column) => c.column_name);
    expect(names).toContain('note');
    expect(names).toContain('margin');
    expect(after.metrics.map((m: Metric) => m.metric_name)).toEqual(['revenue']);
    expect(after.columns.find((c: Column) => c.column_name === 'note')).toMatchObject({ type_generic: 1 });
    await databaseConnections(harness().ctx).writer(database).execute('ALTER TABLE sales DROP COLUMN note');
    await request('PUT', `/api/v1/dataset/${salesId}?override_columns=true`, { description: 'Synced' });
    const synced = await show(salesId);
    expect(synced.columns.map((c: Column) => c.column_name)).not.toContain('note');
    expect(synced.description).toBe('Synced');
  });

  it('deletes one column and one metric', async () => {
    const dataset = await show(salesId);
    const margin = dataset.columns.find((c: Column) => c.column_name === 'margin') as Column;
    expect((await request('DELETE', `/api/v1/dataset/${salesId}/column/${margin.id}`)).body).toEqual({
      message: 'OK',
    });
    expect((await request('DELETE', `/api/v1/dataset/${salesId}/column/${margin.id}`)).status).toBe(404);
    const metric = dataset.metrics[0] as Metric;
    expect((await request('DELETE', `/api/v1/dataset/${salesId}/metric/${metric.id}`)).body).toEqual({
      message: 'OK',
    });
    const after = await show(salesId);
    expect(after.columns.some((c: Column) => c.column_name === 'margin')).toBe(false);
    expect(after.metrics).toEqual([]);
  });

  it('duplicates virtual datasets only', async () => {
    const copy = await request('POST', '/api/v1/dataset/duplicate', {
      base_model_id: virtualId,
      table_name: 'revenue_copy',
    });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ kind: 'virtual', table_name: 'revenue_copy' });
    expect(copy.body.data.columns).toHaveLength(3);
    const physical = await request('POST', '/api/v1/dataset/duplicate', {
      base_model_id: salesId,
      table_name: 'sales_copy',
    });
    expect(physical.status).toBe(422);
    const taken = await request('POST', '/api/v1/dataset/duplicate', {
      base_model_id: virtualId,
      table_name: 'revenue_copy',
    });
    expect(taken.status).toBe(422);
    expect(
      (await request('POST', '/api/v1/dataset/duplicate', { base_model_id: 4242, table_name: 'x' })).status,
    ).toBe(404);
    expect((await request('DELETE', `/api/v1/dataset/${copy.body.id}`)).body).toEqual({ message: 'OK' });
  });

  it('get_or_create answers the same id each time', async () => {
    const first = await request('POST', '/api/v1/dataset/get_or_create/', {
      database_id: examplesId,
      table_name: 'flights',
    });
    if (first.status !== 200) {
      // The small example file has only the sales table; use it.
      const existing = await request('POST', '/api/v1/dataset/get_or_create/', {
        database_id: examplesId,
        table_name: 'sales',
      });
      expect(existing.body).toEqual({ result: { table_id: salesId } });
      return;
    }
    const second = await request('POST', '/api/v1/dataset/get_or_create/', {
      database_id: examplesId,
      table_name: 'flights',
    });
    expect(second.body.result.table_id).toBe(first.body.result.table_id);
  });

  it('get_or_create creates once, then finds', async () => {
    const before = await datasetCount();
    const database = await databaseRow(harness(), examplesId);
    await databaseConnections(harness().ctx)
      .writer(database)
      .execute('CREATE TABLE IF NOT EXISTS tiny AS SELECT 1 AS n');
    const first = await request('POST', '/api/v1/dataset/get_or_create/', {
      database_id: examplesId,
      table_name: 'tiny',
    });
    const second = await request('POST', '/api/v1/dataset/get_or_create/', {
      database_id: examplesId,
      table_name: 'tiny',
    });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await datasetCount()).toBe(before + 1);
  });

  it('answers related objects (charts and their dashboards) and distinct schemas', async () => {
    expect((await request('GET', `/api/v1/dataset/${salesId}/related_objects`)).body).toEqual({
      charts: { count: 0, result: [] },
      dashboards: { count: 0, result: [] },
    });
    const dashboard = await request('POST', '/api/v1/dashboard/', { dashboard_title: 'Related' });
    expect(dashboard.status).toBe(201);
    const chart = await request('POST', '/api/v1/chart/', {
      slice_name: 'Related chart',
      viz_type: 'pie',
      datasource_id: salesId,
      datasource_type: 'table',
      dashboards: [dashboard.body.id],
    });
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    const related = (await request('GET', `/api/v1/dataset/${salesId}/related_objects`)).body;
    expect(related.charts).toEqual({
      count: 1,
      result: [{ id: chart.body.id, slice_name: 'Related chart', viz_type: 'pie' }],
    });
    expect(related.dashboards).toMatchObject({
      count: 1,
      result: [{ id: dashboard.body.id, title: 'Related' }],
    });
    await request('DELETE', `/api/v1/chart/${chart.body.id}`);
    expect((await request('GET', '/api/v1/dataset/4242/related_objects')).status).toBe(404);
    const distinct = await request('GET', '/api/v1/dataset/distinct/schema');
    expect(distinct.status).toBe(200);
    expect(distinct.body.count).toBe(0);
    const owners = await request('GET', `/api/v1/dataset/related/owners?q=${q({ filter: '' })}`);
    expect(owners.body.result[0]).toMatchObject({ value: 1 });
  });

  describe('permissions', () => {
    let gamma: Headers;
    let writer: Headers;
    let granted: Headers;

    beforeAll(async () => {
      await harness().createUser({ username: 'ds_gamma', roles: ['Gamma'] });
      await harness().createUser({ username: 'ds_writer', roles: ['Create data'] });
      await createRole(harness(), 'sales_reader', [
        ['datasource_access', datasetPermissionView('examples', { id: salesId, table_name: 'sales' })],
      ]);
      await harness().createUser({ username: 'ds_granted', roles: ['Gamma', 'sales_reader'] });
      gamma = await harness().loginAs('ds_gamma', 'password123');
      writer = await harness().loginAs('ds_writer', 'password123');
      granted = await harness().loginAs('ds_granted', 'password123');
    });

    it('shows only the datasets a user can access, 404 for the others', async () => {
      expect((await request('GET', '/api/v1/dataset/', undefined, gamma)).body.count).toBe(0);
      expect((await request('GET', `/api/v1/dataset/${salesId}`, undefined, gamma)).status).toBe(404);
      const list = await request('GET', '/api/v1/dataset/', undefined, granted);
      expect(list.body.ids).toEqual([salesId]);
      expect((await request('GET', `/api/v1/dataset/${salesId}`, undefined, granted)).status).toBe(200);
      expect((await request('GET', `/api/v1/dataset/${virtualId}`, undefined, granted)).status).toBe(404);
    });

    it('refuses writes without can_write (403) and edits by non-owners (403)', async () => {
      expect(
        (await request('POST', '/api/v1/dataset/', { database: examplesId, table_name: 'sales' }, gamma))
          .status,
      ).toBe(403);
      expect((await request('PUT', `/api/v1/dataset/${salesId}`, { description: 'x' }, gamma)).status).toBe(
        403,
      );
      const notOwner = await request('PUT', `/api/v1/dataset/${salesId}`, { description: 'x' }, writer);
      expect(notOwner.status).toBe(403);
      expect((await request('DELETE', `/api/v1/dataset/${salesId}`, undefined, writer)).status).toBe(403);
      expect((await request('PUT', `/api/v1/dataset/${salesId}/refresh`, undefined, writer)).status).toBe(
        403,
      );
      expect((await show(salesId)).description).toBe('Synced');
    });

    it('makes the creator an owner who may then edit', async () => {
      const created = await request(
        'POST',
        '/api/v1/dataset/',
        { database: examplesId, table_name: 'mine', sql: 'SELECT 1 AS one' },
        writer,
      );
      expect(created.status).toBe(201);
      expect(created.body.data.owners.map((o: { first_name: string }) => o.first_name)).toEqual([
        'ds_writer',
      ]);
      const edit = await request('PUT', `/api/v1/dataset/${created.body.id}`, { owners: [1] }, writer);
      expect(edit.status).toBe(200);
      // A non-admin cannot drop themself from the owners (Superset's rule).
      expect(edit.body.result.owners.map((o: { id: number }) => o.id).sort()).toHaveLength(2);
      expect((await request('DELETE', `/api/v1/dataset/${created.body.id}`, undefined, writer)).status).toBe(
        200,
      );
    });
  });

  it('bulk deletes, removing the datasource_access pairs in the same transaction', async () => {
    const ids = [salesId, virtualId];
    expect((await request('DELETE', '/api/v1/dataset/?q=!(1,2,x')).status).toBe(400);
    expect((await request('DELETE', `/api/v1/dataset/?q=${q([...ids, 4242])}`)).status).toBe(404);
    const { status, body } = await request('DELETE', `/api/v1/dataset/?q=${q(ids)}`);
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'Deleted 2 datasets' });
    expect((await request('GET', `/api/v1/dataset/${salesId}`)).status).toBe(404);
    const views = await harness()
      .ctx.metastore.db.selectFrom('view_menus')
      .select('name')
      .where('name', '=', datasetPermissionView('examples', { id: salesId, table_name: 'sales' }))
      .execute();
    expect(views).toEqual([]);
  });
});

describe.skipIf(!postgresAvailable)('datasets over a PostgreSQL table', () => {
  const schema = `vitrina_ds_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVICES.postgres.url });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(
      `CREATE TABLE ${schema}.orders (id integer primary key, placed_at timestamptz, amount numeric(10,2), paid boolean, city text)`,
    );
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  describeEachMetastore('postgres source', (harness) => {
    it('introspects the table with generic types and refreshes after it changes', async () => {
      const headers = await harness().loginAs(ADMIN.username, ADMIN.password);
      const url = new URL(SERVICES.postgres.url);
      const databaseId = await insertDatabase(harness(), {
        name: 'pg',
        uri: `postgresql://${url.username || 'postgres'}@${url.hostname}:${url.port || 5432}${url.pathname}`,
      });
      const created = await harness().app.inject({
        method: 'POST',
        url: '/api/v1/dataset/',
        headers,
        payload: { database: databaseId, schema, table_name: 'orders' },
      });
      expect(created.statusCode).toBe(201);
      const data = created.json().data;
      expect(data.columns.map((c: Column) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([
        ['id', 0, false],
        ['placed_at', 2, true],
        ['amount', 0, false],
        ['paid', 3, false],
        ['city', 1, false],
      ]);
      expect(data.main_dttm_col).toBe('placed_at');
      expect(data.select_star).toContain(`"${schema}"."orders"`);
      await admin.query(`ALTER TABLE ${schema}.orders ADD COLUMN note text`);
      const refreshed = await harness().app.inject({
        method: 'PUT',
        url: `/api/v1/dataset/${created.json().id}/refresh`,
        headers,
      });
      expect(refreshed.statusCode).toBe(200);
      const after = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/dataset/${created.json().id}`,
        headers,
      });
      expect(after.json().result.columns.map((c: Column) => c.column_name)).toContain('note');
      await admin.query(`ALTER TABLE ${schema}.orders DROP COLUMN note`);
      const missing = await harness().app.inject({
        method: 'POST',
        url: '/api/v1/dataset/',
        headers,
        payload: { database: databaseId, schema, table_name: 'nope' },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    });
  });
});
