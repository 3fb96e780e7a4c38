import { encodeRison } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { rlsClausesFor } from '../../security/rowLevelSecurity.ts';
import { insertDatabase, insertDataset } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/rowlevelsecurity/';
const q = (path: string, value: unknown) => `${path}?q=${encodeURIComponent(encodeRison(value))}`;

describeEachMetastore('row level security API', (harness) => {
  let admin: Headers;
  let alpha: Headers;
  let sales: number;
  let orders: number;
  let roleIds: Record<string, number>;

  beforeAll(async () => {
    const h = harness();
    await h.createUser({ username: 'alpha_user', roles: ['Alpha'] });
    admin = await h.loginAs(ADMIN.username, ADMIN.password);
    alpha = await h.bearer('alpha_user', 'password123');
    const databaseId = await insertDatabase(h, { name: 'rls_api_db', uri: 'sqlite:///:memory:' });
    sales = await insertDataset(h, databaseId, 'sales');
    orders = await insertDataset(h, databaseId, 'orders');
    const roles = await h.ctx.metastore.db.selectFrom('roles').select(['id', 'name']).execute();
    roleIds = Object.fromEntries(roles.map((role) => [role.name, role.id]));
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    payload === undefined
      ? harness().app.inject({ method, url, headers: admin })
      : harness().app.inject({ method, url, headers: admin, payload: payload as Record<string, unknown> });
  const rule = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    filter_type: 'Regular',
    tables: [sales],
    roles: [roleIds.Gamma],
    clause: "region = 'EU'",
    ...extra,
  });

  it('is for admins only: 401 anonymous, 403 for Alpha', async () => {
    const { app } = harness();
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    expect((await app.inject({ url: URL, headers: alpha })).statusCode).toBe(403);
    const write = await app.inject({ method: 'POST', url: URL, headers: alpha, payload: rule('sneaky') });
    expect(write.statusCode).toBe(403);
    expect((await app.inject({ url: `${URL}related/tables`, headers: alpha })).statusCode).toBe(403);
  });

  it('creates, shows, updates and deletes a rule', async () => {
    const created = await inject('POST', URL, rule('eu only', { group_key: 'region', description: 'EU' }));
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json();
    expect(result).toEqual({
      id,
      name: 'eu only',
      description: 'EU',
      filter_type: 'Regular',
      tables: [{ id: sales, schema: 'main', table_name: 'sales' }],
      roles: [{ id: roleIds.Gamma, name: 'Gamma' }],
      group_key: 'region',
      clause: "region = 'EU'",
    });
    expect((await inject('GET', `${URL}${id}`)).json()).toEqual({ id, result });

    const updated = await inject('PUT', `${URL}${id}`, {
      clause: "region = 'US'",
      tables: [sales, orders],
      group_key: '',
      filter_type: 'Base',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject({
      name: 'eu only',
      description: 'EU',
      filter_type: 'Base',
      clause: "region = 'US'",
      group_key: null,
      tables: [
        { id: orders, table_name: 'orders' },
        { id: sales, table_name: 'sales' },
      ],
    });

    expect((await inject('DELETE', `${URL}${id}`)).json()).toEqual({ message: 'OK' });
    expect((await inject('GET', `${URL}${id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `${URL}${id}`)).statusCode).toBe(404);
  });

  it('answers 422 naming missing, invalid, unknown and duplicate fields, writing nothing', async () => {
    const empty = await inject('POST', URL, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().message).sort()).toEqual(['clause', 'filter_type', 'name', 'tables']);

    const bad = await inject(
      'POST',
      URL,
      rule('bad', { filter_type: 'Special', tables: [sales, 99999], roles: [88888] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: {
        filter_type: ['Must be one of: Regular, Base.'],
        tables: ['Unknown dataset ids: 99999'],
        roles: ['Unknown role ids: 88888'],
      },
    });

    expect((await inject('POST', URL, rule('twice'))).statusCode).toBe(201);
    const duplicate = await inject('POST', URL, rule('twice'));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ message: { name: ['A rule with this name already exists'] } });

    const { id } = (await inject('POST', URL, rule('third'))).json();
    const rename = await inject('PUT', `${URL}${id}`, { name: 'twice', clause: ' ' });
    expect(rename.statusCode).toBe(422);
    expect(Object.keys(rename.json().message).sort()).toEqual(['clause', 'name']);
    expect((await inject('GET', `${URL}${id}`)).json().result.name).toBe('third');
    const rows = await harness()
      .ctx.metastore.db.selectFrom('rls_filters')
      .select('name')
      .where('name', '=', 'bad')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('lists with tables and roles, filters by name, type and group key, and orders', async () => {
    await inject('POST', URL, rule('list a', { group_key: 'dept', clause: "dept = 'a'" }));
    await inject(
      'POST',
      URL,
      rule('list b', { filter_type: 'Base', roles: [], tables: [orders], clause: '1 = 0' }),
    );
    const byName = await inject(
      'GET',
      q(URL, {
        filters: [{ col: 'name', opr: 'ct', value: 'LIST' }],
        order_column: 'name',
        order_direction: 'asc',
      }),
    );
    expect(byName.statusCode).toBe(200);
    const body = byName.json();
    expect(body.count).toBe(2);
    expect(body.result.map((r: { name: string }) => r.name)).toEqual(['list a', 'list b']);
    expect(body.result[0]).toMatchObject({
      filter_type: 'Regular',
      group_key: 'dept',
      tables: [{ id: sales, schema: 'main', table_name: 'sales' }],
      roles: [{ id: roleIds.Gamma, name: 'Gamma' }],
      changed_by: { first_name: expect.any(String) },
    });
    expect(body.result[1].roles).toEqual([]);

    const base = await inject('GET', q(URL, { filters: [{ col: 'filter_type', opr: 'eq', value: 'Base' }] }));
    expect(base.json().result.map((r: { name: string }) => r.name)).toEqual(['list b']);
    const group = await inject('GET', q(URL, { filters: [{ col: 'group_key', opr: 'ct', value: 'dep' }] }));
    expect(group.json().result.map((r: { name: string }) => r.name)).toEqual(['list a']);
    const onOrders = await inject(
      'GET',
      q(URL, { filters: [{ col: 'tables', opr: 'rel_m_m', value: orders }] }),
    );
    expect(onOrders.json().result.map((r: { name: string }) => r.name)).toEqual(['list b']);
    const bad = await inject('GET', q(URL, { filters: [{ col: 'nope', opr: 'eq', value: 1 }] }));
    expect(bad.statusCode).toBe(400);
  });

  it('bulk deletes all or nothing', async () => {
    const one = (await inject('POST', URL, rule('bulk 1'))).json().id;
    const two = (await inject('POST', URL, rule('bulk 2'))).json().id;
    const missing = await inject('DELETE', q(URL, [one, 99999]));
    expect(missing.statusCode).toBe(404);
    expect((await inject('GET', `${URL}${one}`)).statusCode).toBe(200);
    const deleted = await inject('DELETE', q(URL, [one, two]));
    expect(deleted.json()).toEqual({ message: 'Deleted 2 rules' });
    expect((await inject('GET', `${URL}${two}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `${URL}?q=(a:1)`)).statusCode).toBe(400);
  });

  it('offers datasets and roles to the pickers', async () => {
    const tables = await inject('GET', q(`${URL}related/tables`, { filter: 'sal' }));
    expect(tables.statusCode).toBe(200);
    expect(tables.json()).toEqual({
      count: 1,
      result: [
        {
          value: sales,
          text: 'main.sales',
          extra: { schema: 'main', table_name: 'sales', database_name: 'rls_api_db' },
        },
      ],
    });
    const roles = await inject('GET', q(`${URL}related/roles`, { filter: 'gam' }));
    expect(roles.json()).toEqual({ count: 1, result: [{ value: roleIds.Gamma, text: 'Gamma' }] });
    const included = await inject(
      'GET',
      q(`${URL}related/roles`, { filter: 'gam', include_ids: [roleIds.Admin] }),
    );
    expect(included.json().result.map((r: { text: string }) => r.text)).toEqual(['Admin', 'Gamma']);
    expect((await inject('GET', `${URL}related/owners`)).statusCode).toBe(404);
  });

  it('feeds rlsClausesFor, and a deleted dataset or role drops out of its rules', async () => {
    const db = harness().ctx.metastore.db;
    const databaseId = (
      await db
        .selectFrom('databases')
        .select('id')
        .where('database_name', '=', 'rls_api_db')
        .executeTakeFirstOrThrow()
    ).id;
    const temp = await insertDataset(harness(), databaseId, 'temp');
    const { id } = (
      await inject('POST', URL, rule('temp rule', { tables: [temp, sales], clause: 'a = 1' }))
    ).json();
    expect(await rlsClausesFor(db, { roles: ['Gamma'] }, temp)).toEqual(['(a = 1)']);
    expect(await rlsClausesFor(db, { roles: ['Alpha'] }, temp)).toEqual([]);
    await db.deleteFrom('datasets').where('id', '=', temp).execute();
    expect(
      (await inject('GET', `${URL}${id}`)).json().result.tables.map((t: { id: number }) => t.id),
    ).toEqual([sales]);
  });
});
