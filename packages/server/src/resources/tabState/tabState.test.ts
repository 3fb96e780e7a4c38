import { beforeAll, expect, it } from 'vitest';
import { nowIso } from '../../platform/metastore/index.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { activeTab, listTabs } from './repo.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A form body as Superset's client sends it: every value JSON-encoded. */
const form = (fields: Record<string, unknown>) =>
  new URLSearchParams(
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, JSON.stringify(value)])),
  ).toString();

describeEachMetastore('SQL Lab tab state', (harness) => {
  let analyst: Headers;
  let other: Headers;
  let gamma: Headers;
  let analystId: number;
  let databaseId: number;

  beforeAll(async () => {
    const h = harness();
    analystId = await h.createUser({ username: 'tab_analyst', roles: ['sql_lab'] });
    await h.createUser({ username: 'tab_other', roles: ['sql_lab'] });
    await h.createUser({ username: 'tab_gamma', roles: ['Gamma'] });
    analyst = await h.loginAs('tab_analyst', 'password123');
    other = await h.bearer('tab_other', 'password123');
    gamma = await h.bearer('tab_gamma', 'password123');
    databaseId = await insertDatabase(h, { name: 'tab_db', uri: 'sqlite:///:memory:' });
    await h.ctx.metastore.db
      .insertInto('queries')
      .values({
        client_id: 'abcdefghijk',
        database_id: databaseId,
        user_id: analystId,
        sql: 'select 1',
        status: 'success',
        rows: 1,
        limit: 1000,
        results_key: 'rk1',
        start_time: 1716200000000,
        end_time: 1716200000100,
        changed_on: nowIso(),
      })
      .execute();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: string | object,
  ) =>
    harness().app.inject({
      method,
      url,
      headers: typeof payload === 'string' ? { ...headers, ...FORM } : headers,
      ...(payload !== undefined && { payload: payload as string }),
    });

  const newTab = async (editor: Record<string, unknown>, headers = analyst) => {
    const response = await inject('POST', '/tabstateview/', headers, form({ queryEditor: editor }));
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  };

  it('keeps a tab, its SQL, its tables and its latest query across a reload', async () => {
    const first = await newTab({ name: 'Untitled Query 1', dbId: databaseId, schema: 'main', sql: '' });
    const second = await newTab({
      title: 'Orders',
      dbId: databaseId,
      schema: 'main',
      sql: 'select 2',
      queryLimit: 100,
      hideLeftBar: true,
      templateParams: '{"a": 1}',
    });

    // The new tab is the only active one.
    expect((await activeTab(harness().ctx.metastore.db, analystId))?.id).toBe(second);

    const put = await inject(
      'PUT',
      `/tabstateview/${first}`,
      analyst,
      form({
        sql: 'select * from sales',
        label: 'Sales',
        query_limit: 500,
        latest_query_id: 'abcdefghijk',
        autorun: true,
        // The web keeps its own per-tab state (cursor, split) beside Superset's keys.
        extra_json: {
          updatedAt: 1716200000000,
          version: 1,
          cursorPosition: { row: 2, column: 7 },
          northPercent: 55,
        },
      }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.body).toBe(String(first));

    const table = await inject(
      'POST',
      '/tableschemaview/',
      analyst,
      form({
        table: { queryEditorId: String(first), dbId: databaseId, schema: 'main', name: 'sales', columns: [] },
      }),
    );
    expect(table.statusCode).toBe(200);
    const tableId = table.json<{ id: number }>().id;
    const collapse = await inject(
      'POST',
      `/tableschemaview/${tableId}/expanded`,
      analyst,
      form({ expanded: false }),
    );
    expect(collapse.json()).toEqual({ id: tableId, expanded: false });

    const activate = await inject('POST', `/tabstateview/${first}/activate`, analyst);
    expect(activate.body).toBe(String(first));

    const reloaded = await inject('GET', `/tabstateview/${first}`, analyst);
    expect(reloaded.statusCode).toBe(200);
    const state = reloaded.json();
    expect(state).toMatchObject({
      id: first,
      user_id: analystId,
      label: 'Sales',
      active: true,
      database_id: databaseId,
      schema: 'main',
      sql: 'select * from sales',
      query_limit: 500,
      autorun: true,
      hide_left_bar: false,
      saved_query: null,
      extra_json: {
        updatedAt: 1716200000000,
        version: 1,
        cursorPosition: { row: 2, column: 7 },
        northPercent: 55,
      },
      latest_query: {
        id: 'abcdefghijk',
        state: 'success',
        resultsKey: 'rk1',
        dbId: databaseId,
        db: 'tab_db',
      },
    });
    expect(state.table_schemas).toEqual([
      {
        id: tableId,
        tab_state_id: first,
        database_id: databaseId,
        catalog: null,
        schema: 'main',
        table: 'sales',
        description: {
          queryEditorId: String(first),
          dbId: databaseId,
          schema: 'main',
          name: 'sales',
          columns: [],
        },
        expanded: false,
      },
    ]);

    const secondState = (await inject('GET', `/tabstateview/${second}`, analyst)).json();
    expect(secondState).toMatchObject({
      label: 'Orders',
      active: false,
      query_limit: 100,
      hide_left_bar: true,
      template_params: '{"a": 1}',
    });

    const db = harness().ctx.metastore.db;
    expect(await listTabs(db, analystId)).toEqual([
      [first, 'Sales'],
      [second, 'Orders'],
    ]);
    expect((await activeTab(db, analystId))?.table_schemas).toHaveLength(1);

    const deleted = await inject('DELETE', `/tabstateview/${first}`, analyst);
    expect(deleted.json()).toBe('OK');
    expect((await inject('GET', `/tabstateview/${first}`, analyst)).statusCode).toBe(404);
    const orphans = await db
      .selectFrom('table_schema')
      .select('id')
      .where('tab_state_id', '=', first)
      .execute();
    expect(orphans).toEqual([]);
    expect(await listTabs(db, analystId)).toEqual([[second, 'Orders']]);
    // With the active tab closed, the bootstrap falls back to a remaining tab.
    expect((await activeTab(db, analystId))?.id).toBe(second);
  });

  it('accepts JSON bodies with plain values', async () => {
    const created = await inject('POST', '/tabstateview/', analyst, {
      queryEditor: { name: 'JSON tab', dbId: databaseId, sql: 'select 3', autorun: true },
    });
    const id = created.json<{ id: number }>().id;
    const put = await inject('PUT', `/tabstateview/${id}`, analyst, {
      sql: 'select 4',
      template_params: { x: 1 },
      database_id: null,
    });
    expect(put.statusCode).toBe(200);
    const table = await inject('POST', '/tableschemaview/', analyst, {
      table: { queryEditorId: id, dbId: databaseId, schema: null, name: 't' },
    });
    expect(table.statusCode).toBe(200);
    // A migrated local table keeps its collapsed state.
    const collapsed = await inject('POST', '/tableschemaview/', analyst, {
      table: { queryEditorId: id, dbId: databaseId, schema: 'main', name: 'u', expanded: false },
    });
    expect(collapsed.statusCode).toBe(200);
    expect((await inject('GET', `/tabstateview/${id}`, analyst)).json()).toMatchObject({
      label: 'JSON tab',
      sql: 'select 4',
      autorun: true,
      database_id: null,
      template_params: '{"x":1}',
      table_schemas: [
        { table: 't', expanded: true },
        { table: 'u', expanded: false },
      ],
    });
  });

  it('removes a table from a tab', async () => {
    const id = await newTab({ name: 'Tables', dbId: databaseId });
    const added = await inject(
      'POST',
      '/tableschemaview/',
      analyst,
      form({ table: { queryEditorId: id, dbId: databaseId, name: 'gone' } }),
    );
    const tableId = added.json<{ id: number }>().id;
    const removed = await inject('DELETE', `/tableschemaview/${tableId}`, analyst);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toBe('OK');
    expect((await inject('GET', `/tabstateview/${id}`, analyst)).json().table_schemas).toEqual([]);
    expect((await inject('DELETE', `/tableschemaview/${tableId}`, analyst)).statusCode).toBe(404);
  });

  it("answers bare 403 for another user's tab and bare 404 for a missing one", async () => {
    const id = await newTab({ name: 'Private', dbId: databaseId, sql: 'select 5' });
    const table = await inject(
      'POST',
      '/tableschemaview/',
      analyst,
      form({ table: { queryEditorId: id, dbId: databaseId, name: 'secret' } }),
    );
    const tableId = table.json<{ id: number }>().id;
    for (const [method, url, body] of [
      ['GET', `/tabstateview/${id}`, undefined],
      ['PUT', `/tabstateview/${id}`, form({ sql: 'drop table x' })],
      ['DELETE', `/tabstateview/${id}`, undefined],
      ['POST', `/tabstateview/${id}/activate`, undefined],
      ['POST', `/tabstateview/${id}/migrate_query`, form({ queryId: 'abcdefghijk' })],
      ['DELETE', `/tabstateview/${id}/query/abcdefghijk`, undefined],
      ['POST', `/tableschemaview/${tableId}/expanded`, form({ expanded: false })],
      ['DELETE', `/tableschemaview/${tableId}`, undefined],
      ['POST', '/tableschemaview/', form({ table: { queryEditorId: id, dbId: databaseId, name: 'x' } })],
    ] as const) {
      const response = await inject(method, url, other, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).toBe('');
    }
    const missing = await inject('GET', '/tabstateview/999999', analyst);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
    expect((await inject('DELETE', '/tableschemaview/999999', analyst)).statusCode).toBe(404);
    expect((await inject('POST', '/tabstateview/999999/activate', analyst)).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const id = await newTab({ name: 'Checks', dbId: databaseId });
    const unknownQuery = await inject(
      'PUT',
      `/tabstateview/${id}`,
      analyst,
      form({ latest_query_id: 'nosuchquery' }),
    );
    expect(unknownQuery.statusCode).toBe(400);
    expect(unknownQuery.json()).toEqual({ error: 'Bad request' });
    const badLimit = await inject('PUT', `/tabstateview/${id}`, analyst, form({ query_limit: 'many' }));
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error).toContain('query_limit');
    const unknownField = await inject('PUT', `/tabstateview/${id}`, analyst, form({ owner: 1 }));
    expect(unknownField.statusCode).toBe(400);
    const noEditor = await inject('POST', '/tabstateview/', analyst, form({}));
    expect(noEditor.statusCode).toBe(400);
    const badDatabase = await inject(
      'POST',
      '/tabstateview/',
      analyst,
      form({ queryEditor: { dbId: 987654 } }),
    );
    expect(badDatabase.statusCode).toBe(400);
    const noTable = await inject(
      'POST',
      '/tableschemaview/',
      analyst,
      form({ table: { queryEditorId: id } }),
    );
    expect(noTable.statusCode).toBe(400);
    const noFlag = await inject('POST', '/tableschemaview/1/expanded', analyst, form({}));
    expect([400, 404]).toContain(noFlag.statusCode);
  });

  it('moves a query into a tab and removes it from the tab history', async () => {
    const id = await newTab({ name: 'Migrated', dbId: databaseId });
    const db = harness().ctx.metastore.db;
    const migrated = await inject(
      'POST',
      `/tabstateview/${id}/migrate_query`,
      analyst,
      form({ queryId: 'abcdefghijk' }),
    );
    expect(migrated.statusCode).toBe(200);
    expect(migrated.body).toBe(String(id));
    const row = await db
      .selectFrom('queries')
      .select('sql_editor_id')
      .where('client_id', '=', 'abcdefghijk')
      .executeTakeFirst();
    expect(row?.sql_editor_id).toBe(String(id));
    const unknown = await inject(
      'POST',
      `/tabstateview/${id}/migrate_query`,
      analyst,
      form({ queryId: 'zzzzzzzzzzz' }),
    );
    expect(unknown.statusCode).toBe(400);

    const removed = await inject('DELETE', `/tabstateview/${id}/query/abcdefghijk`, analyst);
    expect(removed.json()).toBe('OK');
    const gone = await db
      .selectFrom('queries')
      .select('id')
      .where('client_id', '=', 'abcdefghijk')
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it('is refused to users without SQL Lab', async () => {
    const response = await inject('POST', '/tabstateview/', gamma, form({ queryEditor: { name: 'x' } }));
    expect(response.statusCode).toBe(403);
    expect((await inject('GET', '/tabstateview/1', gamma)).statusCode).toBe(403);
    expect((await harness().app.inject({ method: 'GET', url: '/tabstateview/1' })).statusCode).toBe(401);
  });
  it('keeps the query run in a tab as its latest, with stored results for a reload', async () => {
    // The admin may query the database (a plain SQL Lab user would need access to it first).
    const admin = await harness().bearer(ADMIN.username, ADMIN.password);
    const tabId = await newTab({ name: 'Runs here', dbId: databaseId, sql: 'select 7 as n' }, admin);
    const otherTab = await newTab({ name: 'Not yours', dbId: databaseId, sql: '' }, other);
    const run = await inject('POST', '/api/v1/sqllab/execute/', admin, {
      database_id: databaseId,
      sql: 'select 7 as n',
      client_id: 'tabrun00001',
      sql_editor_id: String(tabId),
    });
    expect(run.statusCode).toBe(200);
    const tab = (await inject('GET', `/tabstateview/${tabId}`, admin)).json();
    expect(tab.latest_query).toMatchObject({ id: 'tabrun00001', state: 'success' });
    const results = await inject(
      'GET',
      `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${tab.latest_query.resultsKey}',rows:10)`)}`,
      admin,
    );
    expect(results.json().data).toEqual([{ n: 7 }]);
    // Naming someone else's tab does not make the query theirs.
    await inject('POST', '/api/v1/sqllab/execute/', admin, {
      database_id: databaseId,
      sql: 'select 8 as n',
      client_id: 'tabrun00002',
      sql_editor_id: String(otherTab),
    });
    expect((await inject('GET', `/tabstateview/${otherTab}`, other)).json().latest_query).toBeNull();

    // The bootstrap's response schema keeps the whole tab: its tables and latest query as the view answers them.
    const table = await inject('POST', '/tableschemaview/', admin, {
      table: { queryEditorId: tabId, dbId: databaseId, schema: 'main', name: 't', columns: [{ name: 'n' }] },
    });
    expect(table.statusCode).toBe(200);
    await inject('POST', `/tabstateview/${tabId}/activate`, admin);
    const bootstrap = (await inject('GET', '/api/v1/sqllab/', admin)).json();
    const view = (await inject('GET', `/tabstateview/${tabId}`, admin)).json();
    expect(view.table_schemas).toHaveLength(1);
    expect(bootstrap.result.active_tab).toEqual(view);
    expect(view.latest_query.extra).not.toHaveProperty('exportSql');
  });
});
