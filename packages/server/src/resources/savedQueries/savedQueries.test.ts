import { encodeRison } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { extractSqlTables } from '../../connections/sqlTables.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/saved_query/';
const q = (path: string, value: unknown) => `${path}?q=${encodeURIComponent(encodeRison(value))}`;

it("lists the tables a query reads, without its CTEs, by its engine's parser", async () => {
  expect(
    await extractSqlTables(
      'postgresql',
      'with t as (select 1) select * from t join main.sales s on true join orders o on true',
    ),
  ).toEqual([
    { catalog: null, schema: 'main', table: 'sales' },
    { catalog: null, schema: null, table: 'orders' },
  ]);
  // MySQL's own quoting and WITH ROLLUP, and every statement of a script.
  expect(
    await extractSqlTables('mysql', 'SELECT a FROM `db`.`t;x` GROUP BY a WITH ROLLUP; DELETE FROM u'),
  ).toEqual([
    { catalog: null, schema: 'db', table: 't;x' },
    { catalog: null, schema: null, table: 'u' },
  ]);
  expect(await extractSqlTables('duckdb', 'this is not sql at all (')).toEqual([]);
});

describeEachMetastore('saved queries API', (harness) => {
  let admin: Headers;
  let analyst: Headers;
  let other: Headers;
  let gamma: Headers;
  let analystId: number;
  let databaseId: number;

  beforeAll(async () => {
    const h = harness();
    analystId = await h.createUser({ username: 'sq_analyst', roles: ['sql_lab', 'Alpha'] });
    await h.createUser({ username: 'sq_other', roles: ['sql_lab', 'Alpha'] });
    await h.createUser({ username: 'sq_gamma', roles: ['Gamma'] });
    admin = await h.loginAs(ADMIN.username, ADMIN.password);
    analyst = await h.loginAs('sq_analyst', 'password123');
    other = await h.bearer('sq_other', 'password123');
    gamma = await h.bearer('sq_gamma', 'password123');
    databaseId = await insertDatabase(h, { name: 'saved_db', uri: 'sqlite:///:memory:' });
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) =>
    harness().app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  const save = async (headers: Headers, body: Record<string, unknown>) => {
    const response = await inject('POST', URL, headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  it('saves, shows, updates and deletes a query', async () => {
    const created = await inject('POST', URL, analyst, {
      db_id: databaseId,
      label: 'Top sales',
      description: 'Biggest orders',
      schema: 'main',
      sql: 'select * from main.sales order by amount desc',
      template_parameters: '{"n": 10}',
    });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json();
    expect(result).toMatchObject({ db_id: databaseId, label: 'Top sales', schema: 'main' });

    const shown = await inject('GET', `${URL}${id}`, analyst);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().result).toMatchObject({
      id,
      label: 'Top sales',
      description: 'Biggest orders',
      db_id: databaseId,
      database: { id: databaseId, database_name: 'saved_db' },
      schema: 'main',
      catalog: null,
      sql: 'select * from main.sales order by amount desc',
      sql_tables: [{ catalog: null, schema: 'main', table: 'sales' }],
      template_parameters: '{"n": 10}',
      created_by: { id: analystId, first_name: 'sq_analyst', last_name: 'Test' },
    });

    const updated = await inject('PUT', `${URL}${id}`, analyst, { sql: 'select 1', label: 'Renamed' });
    expect(updated.statusCode).toBe(200);
    expect((await inject('GET', `${URL}${id}`, analyst)).json().result).toMatchObject({
      label: 'Renamed',
      sql: 'select 1',
      description: 'Biggest orders',
      sql_tables: [],
    });

    const deleted = await inject('DELETE', `${URL}${id}`, analyst);
    expect(deleted.json()).toEqual({ message: 'OK' });
    expect((await inject('GET', `${URL}${id}`, analyst)).statusCode).toBe(404);
  });

  it("maps the editor's names to the server's", async () => {
    const id = await save(analyst, {
      dbId: databaseId,
      name: 'From the editor',
      templateParams: '{"x": 1}',
      sql: 'select 2',
      remoteId: null,
      schema: null,
    });
    expect((await inject('GET', `${URL}${id}`, analyst)).json().result).toMatchObject({
      label: 'From the editor',
      db_id: databaseId,
      template_parameters: '{"x": 1}',
    });
  });

  it('refuses bad input with 422 naming the fields', async () => {
    const missing = await inject('POST', URL, analyst, { description: 'no sql' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().message).sort()).toEqual(['db_id', 'label', 'sql']);
    const wrongType = await inject('POST', URL, analyst, { db_id: 'one', label: 1, sql: 'select 1' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().message).toMatchObject({
      db_id: ['Not a valid integer.'],
      label: ['Not a valid string.'],
    });
    const unknownField = await inject('POST', URL, analyst, {
      db_id: databaseId,
      label: 'x',
      sql: 's',
      owner: 3,
    });
    expect(unknownField.json().message).toEqual({ owner: ['Unknown field.'] });
    const noDatabase = await inject('POST', URL, analyst, { db_id: 987654, label: 'x', sql: 'select 1' });
    expect(noDatabase.statusCode).toBe(422);
    expect((await inject('PUT', `${URL}987654`, analyst, { label: 'x' })).statusCode).toBe(404);
  });

  it('shows users their own queries and Admin every one', async () => {
    const mine = await save(analyst, {
      db_id: databaseId,
      label: 'alpha mine',
      sql: 'select 1',
      schema: 'main',
    });
    const theirs = await save(other, {
      db_id: databaseId,
      label: 'alpha theirs',
      sql: 'select 2',
      schema: 'other',
    });

    const listOf = async (headers: Headers, query: unknown = {}) =>
      (await inject('GET', q(URL, query), headers)).json<{ count: number; result: Array<{ id: number }> }>();
    const analystIds = (await listOf(analyst)).result.map((row) => row.id);
    expect(analystIds).toContain(mine);
    expect(analystIds).not.toContain(theirs);
    const adminIds = (await listOf(admin)).result.map((row) => row.id);
    expect(adminIds).toEqual(expect.arrayContaining([mine, theirs]));

    expect((await inject('GET', `${URL}${theirs}`, analyst)).statusCode).toBe(404);
    expect((await inject('PUT', `${URL}${theirs}`, analyst, { label: 'hijacked' })).statusCode).toBe(404);
    expect((await inject('DELETE', `${URL}${theirs}`, analyst)).statusCode).toBe(404);
    expect((await inject('PUT', `${URL}${theirs}`, admin, { label: 'alpha theirs 2' })).statusCode).toBe(200);
    expect((await inject('GET', `${URL}${theirs}`, other)).json().result.label).toBe('alpha theirs 2');

    const distinct = await inject('GET', `${URL}distinct/schema`, admin);
    expect(distinct.json().result).toEqual(
      expect.arrayContaining([
        { text: 'main', value: 'main' },
        { text: 'other', value: 'other' },
      ]),
    );
    const ownDistinct = (await inject('GET', `${URL}distinct/schema`, analyst)).json().result;
    expect(ownDistinct).not.toContainEqual({ text: 'other', value: 'other' });
  });

  it('searches, orders and filters the list with rison', async () => {
    await save(analyst, {
      db_id: databaseId,
      label: 'beta revenue',
      description: 'monthly',
      sql: 'select 10',
    });
    await save(analyst, { db_id: databaseId, label: 'beta costs', sql: 'select revenue from t' });
    const list = async (query: unknown) => (await inject('GET', q(URL, query), analyst)).json();

    const byText = await list({
      filters: [{ col: 'label', opr: 'all_text', value: 'revenue' }],
      order_column: 'label',
      order_direction: 'asc',
    });
    expect(byText.result.map((row: { label: string }) => row.label)).toEqual(['beta costs', 'beta revenue']);

    const byLabel = await list({
      filters: [{ col: 'label', opr: 'ct', value: 'beta' }],
      columns: ['id', 'label', 'database.database_name', 'created_by.id', 'sql_tables'],
      order_column: 'label',
      order_direction: 'desc',
    });
    expect(byLabel.count).toBe(2);
    expect(byLabel.result[0]).toEqual({
      id: expect.any(Number),
      label: 'beta revenue',
      database: { database_name: 'saved_db' },
      created_by: { id: analystId },
      sql_tables: [],
    });
    expect(byLabel.result[1].sql_tables).toEqual([{ catalog: null, schema: null, table: 't' }]);

    const byDatabase = await list({ filters: [{ col: 'database', opr: 'rel_o_m', value: databaseId }] });
    expect(byDatabase.count).toBeGreaterThanOrEqual(2);
    const byCreator = await list({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: 999999 }] });
    expect(byCreator.count).toBe(0);
    const bad = await inject('GET', q(URL, { filters: [{ col: 'nope', opr: 'eq', value: 1 }] }), analyst);
    expect(bad.statusCode).toBe(400);
  });

  it('deletes in bulk, all or nothing', async () => {
    const a = await save(analyst, { db_id: databaseId, label: 'bulk a', sql: 'select 1' });
    const b = await save(analyst, { db_id: databaseId, label: 'bulk b', sql: 'select 1' });
    const theirs = await save(other, { db_id: databaseId, label: 'bulk theirs', sql: 'select 1' });
    expect((await inject('DELETE', q(URL, [a, theirs]), analyst)).statusCode).toBe(404);
    expect((await inject('GET', `${URL}${a}`, analyst)).statusCode).toBe(200);
    const deleted = await inject('DELETE', q(URL, [a, b]), analyst);
    expect(deleted.json()).toEqual({ message: 'Deleted 2 saved queries' });
    expect((await inject('GET', `${URL}${b}`, analyst)).statusCode).toBe(404);
    expect((await inject('DELETE', `${URL}?q=nonsense`, analyst)).statusCode).toBe(400);
  });

  it('answers _info and the related databases', async () => {
    const info = await inject('GET', q(`${URL}_info`, { keys: ['permissions', 'filters'] }), analyst);
    expect(info.json().permissions).toEqual(['can_export', 'can_read', 'can_write']);
    expect(info.json().filters.label).toContainEqual({ name: 'all_text', operator: 'all_text' });
    const related = await inject('GET', `${URL}related/database`, admin);
    expect(related.json().result).toContainEqual({ value: databaseId, text: 'saved_db' });
    expect((await inject('GET', `${URL}related/nope`, admin)).statusCode).toBe(404);
  });

  it('is refused to users without SQL Lab', async () => {
    expect((await inject('GET', URL, gamma)).statusCode).toBe(403);
    const write = await inject('POST', URL, gamma, { db_id: databaseId, label: 'x', sql: 'select 1' });
    expect(write.statusCode).toBe(403);
    expect((await harness().app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
