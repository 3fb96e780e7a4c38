import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeRison } from '@vitrina/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseConnections } from '../../connections/connections.ts';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { grant, insertDataset } from '../../testing/fixtures.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { backendOf } from './repo.ts';

const URL = '/api/v1/database/';
const rison = (value: unknown) => encodeURIComponent(encodeRison(value));
const q = (value: unknown) => `${URL}?q=${rison(value)}`;
const pgAvailable = await serviceAvailable('postgres');
const PG_PASSWORD = 'sup3r-s3cret-pw';

describe('backendOf', () => {
  it.each([
    ['duckdb:////var/data/examples.duckdb', 'duckdb'],
    ['postgresql+psycopg2://u:secret@db:5432/x', 'postgresql'],
    ['postgres://u:secret@db/x', 'postgresql'],
    ['mysql+mysqldb://u@h/x', 'mysql'],
    ['sqlite://', 'sqlite'],
    ['not a uri', ''],
  ])('%s → %s', (uri, backend) => expect(backendOf(uri)).toBe(backend));
});

/** A DuckDB file with two schemas, a table with keys, a view, and a table in a second schema. */
async function buildDuckFile(file: string): Promise<void> {
  await withDuckDb(file, async (con) => {
    await con.run(`
      create table customers (id integer primary key, name varchar);
      create table orders (id integer primary key, customer_id integer references customers(id), amount decimal(10,2), ordered_at timestamp);
      create view big_orders as select * from orders where amount > 100;
      create schema other;
      create table other.secret (id integer, note varchar);
      checkpoint;
    `);
  });
}

describeEachMetastore('databases API', (harness) => {
  let admin: Headers;
  let alpha: Headers;
  let gamma: Headers;
  let gammaDb: Headers;
  let gammaSchema: Headers;
  let gammaDataset: Headers;
  let nobody: Headers;
  let duckFile: string;
  let duckUri: string;
  let duckId: number;

  const inject = (options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: Headers;
  }) =>
    harness().app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers: options.headers ?? admin,
      ...(options.payload !== undefined && { payload: options.payload as Record<string, unknown> }),
    });

  const ok = async (options: Parameters<typeof inject>[0], status = 200) => {
    const response = await inject(options);
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };

  beforeAll(async () => {
    const t = harness();
    await t.ctx.metastore.db
      .insertInto('roles')
      .values(
        ['duck_db_access', 'duck_schema_access', 'duck_dataset_access'].map((name) => ({
          name,
          description: '',
        })),
      )
      .execute();
    await t.createUser({ username: 'alpha_user', roles: ['Alpha'] });
    await t.createUser({ username: 'gamma_user', roles: ['Gamma'] });
    await t.createUser({ username: 'gamma_db', roles: ['Gamma', 'duck_db_access'] });
    await t.createUser({ username: 'gamma_schema', roles: ['Gamma', 'duck_schema_access'] });
    await t.createUser({ username: 'gamma_dataset', roles: ['Gamma', 'duck_dataset_access'] });
    await t.createUser({ username: 'nobody', roles: ['Public'] });
    admin = await t.bearer(ADMIN.username, ADMIN.password);
    alpha = await t.bearer('alpha_user', 'password123');
    gamma = await t.bearer('gamma_user', 'password123');
    nobody = await t.bearer('nobody', 'password123');
    duckFile = path.join(t.ctx.config.filesDir, 'browse.duckdb');
    await buildDuckFile(duckFile);
    duckUri = `duckdb:///${duckFile}`;
    const created = await ok(
      {
        method: 'POST',
        url: URL,
        payload: { database_name: 'duck', sqlalchemy_uri: duckUri, allow_file_upload: true },
      },
      201,
    );
    duckId = created.id;
    gammaDb = await t.bearer('gamma_db', 'password123');
    gammaSchema = await t.bearer('gamma_schema', 'password123');
    gammaDataset = await t.bearer('gamma_dataset', 'password123');
  }, 120_000);

  it('answers 401 to anonymous callers and 403 without can_read on Database', async () => {
    for (const url of [URL, `${URL}${duckId}`, `${URL}${duckId}/schemas/`, `${URL}available/`]) {
      expect((await inject({ url, headers: {} })).statusCode, url).toBe(401);
      expect((await inject({ url, headers: nobody })).statusCode, url).toBe(403);
    }
    const write = await inject({ method: 'POST', url: URL, headers: gamma, payload: { database_name: 'x' } });
    expect(write.statusCode).toBe(403);
  });

  it('creates a database by URI, with its access pairs, and shows it', async () => {
    const body = await ok({ url: `${URL}${duckId}` });
    expect(body.id).toBe(duckId);
    expect(body.result).toMatchObject({
      id: duckId,
      database_name: 'duck',
      sqlalchemy_uri: duckUri,
      configuration_method: 'sqlalchemy_form',
      engine: 'duckdb',
      backend: 'duckdb',
      driver: 'duckdb',
      expose_in_sqllab: true,
      allow_file_upload: true,
      allow_dml: false,
      allows_subquery: true,
      allows_cost_estimate: false,
      disable_data_preview: false,
      cache_timeout: null,
      extra: '{}',
      parameters: { database: duckFile },
      engine_information: { supports_file_upload: true, disable_ssh_tunneling: true },
      created_by: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) },
    });
    const views = (
      await harness()
        .ctx.metastore.db.selectFrom('permission_views as pv')
        .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
        .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
        .select(['p.name as permission', 'v.name as view'])
        .execute()
    ).map((row) => `${row.permission} ${row.view}`);
    expect(views).toContain(`database_access [duck].(id:${duckId})`);
    expect(views).toContain('schema_access [duck].[main]');
    expect(views).toContain('schema_access [duck].[other]');
  });

  it('lists databases with Superset fields and filters', async () => {
    const body = await ok({ url: URL });
    expect(body.count).toBe(1);
    expect(body.result[0]).toMatchObject({
      id: duckId,
      database_name: 'duck',
      backend: 'duckdb',
      allow_file_upload: true,
      allows_cost_estimate: false,
      allows_subquery: true,
      allows_virtual_table_explore: true,
      disable_data_preview: false,
      explore_database_id: duckId,
      extra: '{}',
      engine_information: { supports_file_upload: true },
      changed_on_delta_humanized: expect.any(String),
    });
    expect(body.list_columns).not.toContain('sqlalchemy_uri');
    const filtered = await ok({
      url: q({ filters: [{ col: 'database_name', opr: 'ct', value: 'UC' }], columns: ['database_name'] }),
    });
    expect(filtered.result).toEqual([{ database_name: 'duck' }]);
    const none = await ok({ url: q({ filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: false }] }) });
    expect(none.count).toBe(0);
    const bad = await inject({ url: `${URL}?q=(filters:!(` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Not a valid rison/);
  });

  it('lists a database nobody created through the API (as the examples) with created_by null', async () => {
    const { ctx } = harness();
    await ctx.metastore.db
      .updateTable('databases')
      .set({ created_by_fk: null, changed_by_fk: null })
      .where('id', '=', duckId)
      .execute();
    const body = await ok({ url: URL });
    expect(body.result[0]).toMatchObject({ id: duckId, created_by: null, changed_by: null });
    const shown = await ok({ url: `${URL}${duckId}` });
    expect(shown.result).toMatchObject({ created_by: null, changed_by: null });
  });

  it('answers Alpha like Admin (all_database_access) and hides databases from Gamma', async () => {
    expect((await ok({ url: URL, headers: alpha })).count).toBe(1);
    expect(await ok({ url: URL, headers: gamma })).toMatchObject({ count: 0, result: [] });
    for (const url of [
      `${URL}${duckId}`,
      `${URL}${duckId}/schemas/`,
      `${URL}${duckId}/tables/?q=${rison({ schema_name: 'main' })}`,
      `${URL}${duckId}/table_metadata/?name=orders&schema=main`,
      `${URL}${duckId}/select_star/orders/main/`,
    ]) {
      expect((await inject({ url, headers: gamma })).statusCode, url).toBe(404);
    }
  });

  it("lists the engine's function names for the editor, to whoever may see the database", async () => {
    const url = `${URL}${duckId}/function_names/`;
    const body = await ok({ url });
    // Superset's shape: no `result` wrapper.
    expect(Object.keys(body)).toEqual(['function_names']);
    expect(body.function_names).toEqual(expect.arrayContaining(['date_trunc', 'quantile_cont', 'sum']));
    expect((await ok({ url, headers: alpha })).function_names).toEqual(body.function_names);
    expect((await inject({ url, headers: {} })).statusCode).toBe(401);
    expect((await inject({ url, headers: nobody })).statusCode).toBe(403);
    expect((await inject({ url, headers: gamma })).statusCode).toBe(404);
    expect((await inject({ url: `${URL}999999/function_names/` })).statusCode).toBe(404);
  });

  it('shows a database to a role granted database_access, and only a schema with schema_access', async () => {
    const t = harness();
    await grant(t, 'duck_db_access', 'database_access', `[duck].(id:${duckId})`);
    await grant(t, 'duck_schema_access', 'schema_access', '[duck].[other]');
    expect((await ok({ url: URL, headers: gammaDb })).count).toBe(1);
    expect((await ok({ url: `${URL}${duckId}/schemas/`, headers: gammaDb })).result).toEqual(
      expect.arrayContaining(['main', 'other']),
    );

    expect((await ok({ url: URL, headers: gammaSchema })).count).toBe(1);
    expect((await ok({ url: `${URL}${duckId}/schemas/`, headers: gammaSchema })).result).toEqual(['other']);
    const mainTables = await ok({
      url: `${URL}${duckId}/tables/?q=${rison({ schema_name: 'main' })}`,
      headers: gammaSchema,
    });
    expect(mainTables).toEqual({ count: 0, result: [] });
    const otherTables = await ok({
      url: `${URL}${duckId}/tables/?q=${rison({ schema_name: 'other' })}`,
      headers: gammaSchema,
    });
    expect(otherTables.result).toEqual([{ value: 'secret', type: 'table', extra: null }]);
    expect(
      (await inject({ url: `${URL}${duckId}/table_metadata/?name=orders&schema=main`, headers: gammaSchema }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await inject({
          url: `${URL}${duckId}/table_metadata/?name=secret&schema=other`,
          headers: gammaSchema,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('shows a database and the dataset’s table to a role granted datasource_access', async () => {
    const t = harness();
    const datasetId = await insertDataset(t, duckId, 'customers');
    await grant(t, 'duck_dataset_access', 'datasource_access', `[duck].[customers](id:${datasetId})`);
    expect((await ok({ url: URL, headers: gammaDataset })).count).toBe(1);
    expect((await ok({ url: `${URL}${duckId}/schemas/`, headers: gammaDataset })).result).toEqual(['main']);
    const tables = await ok({
      url: `${URL}${duckId}/tables/?q=${rison({ schema_name: 'main' })}`,
      headers: gammaDataset,
    });
    expect(tables.result.map((r: { value: string }) => r.value)).toEqual(['customers']);
    await t.ctx.metastore.db.deleteFrom('datasets').where('id', '=', datasetId).execute();
  });

  it('browses a DuckDB database: schemas, tables and views, metadata, select star', async () => {
    const schemas = await ok({ url: `${URL}${duckId}/schemas/?q=${rison({ force: false })}` });
    expect(schemas.result).toEqual(expect.arrayContaining(['main', 'other']));
    expect((await ok({ url: `${URL}${duckId}/catalogs/` })).result).toEqual([]);
    const tables = await ok({
      url: `${URL}${duckId}/tables/?q=${rison({ schema_name: 'main', force: false })}`,
    });
    expect(tables.count).toBe(3);
    expect(tables.result).toEqual(
      expect.arrayContaining([
        { value: 'orders', type: 'table', extra: null },
        { value: 'customers', type: 'table', extra: null },
        { value: 'big_orders', type: 'view', extra: null },
      ]),
    );
    const metadata = await ok({ url: `${URL}${duckId}/table_metadata/?name=orders&schema=main` });
    expect(metadata).toMatchObject({
      name: 'orders',
      primaryKey: { column_names: ['id'], type: 'pk' },
      foreignKeys: [
        { column_names: ['customer_id'], referred_table: 'customers', referred_columns: ['id'], type: 'fk' },
      ],
    });
    expect(metadata.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'customer_id',
      'amount',
      'ordered_at',
    ]);
    expect(metadata.columns[0]).toMatchObject({
      name: 'id',
      type: 'INTEGER',
      longType: 'INTEGER',
      type_generic: 0,
    });
    expect(metadata.columns[0].keys).toEqual([expect.objectContaining({ type: 'pk' })]);
    expect(metadata.columns[3].type_generic).toBe(2);
    expect(metadata.selectStar).toMatch(
      /SELECT[\s\S]*"id"[\s\S]*"ordered_at"[\s\S]*FROM "main"\."orders"[\s\S]*LIMIT 100/,
    );
    expect(await ok({ url: `${URL}${duckId}/table_metadata/extra/?name=orders&schema=main` })).toEqual({});
    const star = await ok({ url: `${URL}${duckId}/select_star/orders/main/` });
    expect(star.result).toBe(metadata.selectStar);
    expect((await ok({ url: `${URL}${duckId}/select_star/orders/` })).result).toMatch(/FROM "orders"/);
  });

  it('answers 404 for a missing table and 400 for bad arguments', async () => {
    const missing = await inject({ url: `${URL}${duckId}/table_metadata/?name=nope&schema=main` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect((await inject({ url: `${URL}${duckId}/select_star/nope/main/` })).statusCode).toBe(404);
    expect((await inject({ url: `${URL}${duckId}/schemas/?q=(force:` })).statusCode).toBe(400);
    expect((await inject({ url: `${URL}${duckId}/schemas/?q=${rison({ force: 'yes' })}` })).statusCode).toBe(
      400,
    );
    expect((await inject({ url: `${URL}${duckId}/table_metadata/` })).statusCode).toBe(400);
    expect((await inject({ url: `${URL}999999/schemas/` })).statusCode).toBe(404);
  });

  it('serves schema and table lists from the cache until force:!t', async () => {
    const t = harness();
    const row = await t.ctx.metastore.db
      .selectFrom('databases')
      .selectAll()
      .where('id', '=', duckId)
      .executeTakeFirstOrThrow();
    const tablesUrl = (force: boolean) =>
      `${URL}${duckId}/tables/?q=${rison({ schema_name: 'other', force })}`;
    const schemasUrl = (force: boolean) => `${URL}${duckId}/schemas/?q=${rison({ force })}`;
    const names = (body: { result: Array<{ value: string }> }) => body.result.map((r) => r.value).sort();
    expect(names(await ok({ url: tablesUrl(false) }))).toEqual(['secret']);
    expect(await ok({ url: schemasUrl(false) })).not.toContain('fresh');
    // User queries run read-only: the database changes through the server's own writer.
    const connection = databaseConnections(t.ctx).writer(row);
    await connection.execute('create table other.added (x integer)');
    await connection.execute('create schema fresh');
    expect(names(await ok({ url: tablesUrl(false) }))).toEqual(['secret']);
    expect((await ok({ url: schemasUrl(false) })).result).not.toContain('fresh');
    expect(names(await ok({ url: tablesUrl(true) }))).toEqual(['added', 'secret']);
    expect((await ok({ url: schemasUrl(true) })).result).toContain('fresh');
    expect(names(await ok({ url: tablesUrl(false) }))).toEqual(['added', 'secret']);
  });

  it('filters schemas for upload by schemas_allowed_for_file_upload', async () => {
    const extra = JSON.stringify({ schemas_allowed_for_file_upload: ['other'] });
    await ok({ method: 'PUT', url: `${URL}${duckId}`, payload: { extra } });
    const body = await ok({ url: `${URL}${duckId}/schemas/?q=${rison({ upload_allowed: true })}` });
    expect(body.result).toEqual(['other']);
    await ok({ method: 'PUT', url: `${URL}${duckId}`, payload: { extra: '{}' } });
  });

  it('refuses duplicates, bad URIs, unknown engines and bad extra', async () => {
    const create = (payload: Record<string, unknown>) => inject({ method: 'POST', url: URL, payload });
    const duplicate = await create({ database_name: 'duck', sqlalchemy_uri: 'duckdb:///:memory:' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: { database_name: ['A database with the same name already exists.'] },
    });

    const badUri = await create({ database_name: 'bad', sqlalchemy_uri: 'not a uri' });
    expect(badUri.statusCode).toBe(422);
    expect(Object.keys(badUri.json().message)).toEqual(['sqlalchemy_uri']);
    expect(badUri.json().message.sqlalchemy_uri[0]).toMatch(/scheme/);

    const unknown = await create({ database_name: 'bad', sqlalchemy_uri: 'oracle://u@h/x' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message.sqlalchemy_uri[0]).toMatch(/Unknown database engine "oracle"/);

    const unknownEngine = await create({
      database_name: 'bad',
      engine: 'oracle',
      configuration_method: 'dynamic_form',
      parameters: { host: 'h', database: 'x' },
    });
    expect(unknownEngine.statusCode).toBe(422);
    expect(unknownEngine.json().message.engine[0]).toMatch(/Unknown database engine/);

    const missingName = await create({ sqlalchemy_uri: 'duckdb:///:memory:' });
    expect(missingName.statusCode).toBe(422);
    expect(missingName.json()).toEqual({ message: { database_name: ['Missing data for required field.'] } });

    const badExtra = await create({
      database_name: 'bad',
      sqlalchemy_uri: 'duckdb:///:memory:',
      extra: '{oops',
    });
    expect(badExtra.statusCode).toBe(400);
    expect(Object.keys(badExtra.json().message)).toEqual(['extra']);
    const badExtraShape = await create({
      database_name: 'bad',
      sqlalchemy_uri: 'duckdb:///:memory:',
      extra: '{"schemas_allowed_for_file_upload": "main"}',
    });
    expect(badExtraShape.statusCode).toBe(400);
    expect((await ok({ url: URL })).count).toBe(1);
  });

  it('keeps database files inside the allowed directories', async () => {
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-outside-')), 'x.duckdb');
    const link = path.join(harness().ctx.config.filesDir, 'escape');
    fs.symlinkSync(path.dirname(outside), link);
    for (const uri of [
      `duckdb:///${outside}`,
      `sqlite:///${outside}`,
      `duckdb:///${link}/x.duckdb`,
      'duckdb:///../x.duckdb',
    ]) {
      const response = await inject({
        method: 'POST',
        url: `${URL}test_connection/`,
        payload: { sqlalchemy_uri: uri },
      });
      expect(response.statusCode, uri).toBe(422);
      const error = response.json().errors[0];
      expect(error.error_type).toBe('FILE_NOT_ALLOWED_ERROR');
      expect(error.message).toContain(harness().ctx.config.dataDir);
    }
    expect(fs.existsSync(outside)).toBe(false);
    const memory = await inject({
      method: 'POST',
      url: `${URL}test_connection/`,
      payload: { sqlalchemy_uri: 'duckdb:///:memory:' },
    });
    expect(memory.json()).toEqual({ message: 'OK' });
  });

  it('reports a refused port as CONNECTION_PORT_CLOSED_ERROR and saves nothing', async () => {
    const payload = {
      database_name: 'closed',
      sqlalchemy_uri: `postgresql://u:${PG_PASSWORD}@127.0.0.1:1/db`,
    };
    for (const url of [`${URL}test_connection/`, URL]) {
      const response = await inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.errors[0]).toMatchObject({
        error_type: 'CONNECTION_PORT_CLOSED_ERROR',
        level: 'error',
        extra: { engine_name: 'PostgreSQL', issue_codes: [expect.objectContaining({ code: 1008 })] },
      });
      expect(response.body).not.toContain(PG_PASSWORD);
    }
    expect(
      (await ok({ url: q({ filters: [{ col: 'database_name', opr: 'eq', value: 'closed' }] }) })).count,
    ).toBe(0);
  });

  it('lists the available engines with their parameter schemas', async () => {
    const body = await ok({ url: `${URL}available/` });
    const engines = body.databases.map((d: { engine: string }) => d.engine);
    expect(engines).toEqual(
      expect.arrayContaining(['duckdb', 'sqlite', 'postgresql', 'mysql', 'clickhouse', 'trino']),
    );
    const postgres = body.databases.find((d: { engine: string }) => d.engine === 'postgresql');
    expect(postgres).toMatchObject({
      name: 'PostgreSQL',
      default_driver: expect.any(String),
      sqlalchemy_uri_placeholder: expect.stringMatching(/^postgresql:\/\//),
      parameters: { type: 'object', properties: { host: { type: 'string' }, password: { type: 'string' } } },
      engine_information: { supports_file_upload: true, disable_ssh_tunneling: true },
    });
    const duck = body.databases.find((d: { engine: string }) => d.engine === 'duckdb');
    expect(Object.keys(duck.parameters.properties)).toContain('database');
    // Uploads are offered only where the driver has a way to load a file.
    const uploads = Object.fromEntries(
      body.databases.map((d: { engine: string; engine_information: { supports_file_upload: boolean } }) => [
        d.engine,
        d.engine_information.supports_file_upload,
      ]),
    );
    expect(uploads).toMatchObject({ duckdb: true, sqlite: true, clickhouse: false, trino: false });
  });

  it('refuses to delete a database that datasets use, naming them, then deletes it with its pairs', async () => {
    const t = harness();
    const created = await ok(
      {
        method: 'POST',
        url: URL,
        payload: { database_name: 'doomed', sqlalchemy_uri: 'duckdb:///:memory:' },
      },
      201,
    );
    const ids = [await insertDataset(t, created.id, 'sales'), await insertDataset(t, created.id, 'flights')];
    const refused = await inject({ method: 'DELETE', url: `${URL}${created.id}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Cannot delete a database that has datasets attached: flights, sales',
    });
    await t.ctx.metastore.db.deleteFrom('datasets').where('id', 'in', ids).execute();
    expect(await ok({ method: 'DELETE', url: `${URL}${created.id}` })).toEqual({ message: 'OK' });
    expect((await inject({ url: `${URL}${created.id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: `${URL}${created.id}` })).statusCode).toBe(404);
    const left = await t.ctx.metastore.db
      .selectFrom('view_menus')
      .select('name')
      .where('name', 'like', '[doomed]%')
      .execute();
    expect(left).toEqual([]);
  });

  it('renames the access pairs with the database, keeping grants', async () => {
    const t = harness();
    const created = await ok(
      {
        method: 'POST',
        url: URL,
        payload: { database_name: 'before', sqlalchemy_uri: 'duckdb:///:memory:' },
      },
      201,
    );
    await grant(t, 'renamed_role', 'database_access', `[before].(id:${created.id})`);
    const updated = await ok({
      method: 'PUT',
      url: `${URL}${created.id}`,
      payload: { database_name: 'after', allow_dml: true },
    });
    expect(updated.result).toMatchObject({ database_name: 'after', allow_dml: true });
    const names = (
      await t.ctx.metastore.db
        .selectFrom('role_permission_views as rpv')
        .innerJoin('roles as r', 'r.id', 'rpv.role_id')
        .innerJoin('permission_views as pv', 'pv.id', 'rpv.permission_view_id')
        .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
        .select('v.name')
        .where('r.name', '=', 'renamed_role')
        .execute()
    ).map((r) => r.name);
    expect(names).toEqual([`[after].(id:${created.id})`]);
    const clash = await inject({
      method: 'PUT',
      url: `${URL}${created.id}`,
      payload: { database_name: 'duck' },
    });
    expect(clash.statusCode).toBe(422);
    await ok({ method: 'DELETE', url: `${URL}${created.id}` });
  });

  it('GET /{id}/connection is for writers and stays masked', async () => {
    expect((await inject({ url: `${URL}${duckId}/connection`, headers: gammaDb })).statusCode).toBe(403);
    const body = await ok({ url: `${URL}${duckId}/connection` });
    expect(body.result).toMatchObject({ id: duckId, sqlalchemy_uri: duckUri, masked_encrypted_extra: null });
  });

  describe.skipIf(!pgAvailable)('against PostgreSQL', () => {
    const schema = `vitrina_browse_${randomBytes(4).toString('hex')}`;
    const base = new global.URL(SERVICES.postgres.url);
    const host = base.hostname;
    const port = Number(base.port || 5432);
    const user = decodeURIComponent(base.username || 'postgres');
    const uri = `postgresql://${user}:${PG_PASSWORD}@${host}:${port}/postgres`;
    let pgId: number;
    let client: pg.Client;

    beforeAll(async () => {
      client = new pg.Client({ connectionString: SERVICES.postgres.url });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.query(
        `create table ${schema}.items (id integer primary key, label text not null, created timestamp);
         create index items_label on ${schema}.items (label);
         create view ${schema}.items_view as select id, label from ${schema}.items;`,
      );
    });
    afterAll(async () => {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });

    it('creates a connection with a password that never comes back', async () => {
      const created = await ok(
        { method: 'POST', url: URL, payload: { database_name: 'pg', sqlalchemy_uri: uri } },
        201,
      );
      pgId = created.id;
      expect(created.result.sqlalchemy_uri).toBe(`postgresql://${user}:XXXXXXXXXX@${host}:${port}/postgres`);
      expect(created.result.parameters).toMatchObject({
        host,
        port,
        username: user,
        password: 'XXXXXXXXXX',
        database: 'postgres',
      });
      const stored = await harness()
        .ctx.metastore.db.selectFrom('databases')
        .selectAll()
        .where('id', '=', pgId)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(PG_PASSWORD);
      expect(stored.encrypted_password).toMatch(/^v1\./);
      for (const url of [URL, `${URL}${pgId}`, `${URL}${pgId}/connection`]) {
        const response = await inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.body, url).not.toContain(PG_PASSWORD);
      }
      const masked = await ok({
        method: 'PUT',
        url: `${URL}${pgId}`,
        payload: { sqlalchemy_uri: created.result.sqlalchemy_uri },
      });
      expect(masked.result.sqlalchemy_uri).toContain('XXXXXXXXXX');
      const after = await harness()
        .ctx.metastore.db.selectFrom('databases')
        .select('encrypted_password')
        .where('id', '=', pgId)
        .executeTakeFirstOrThrow();
      expect(after.encrypted_password).toBe(stored.encrypted_password);
      const tested = await inject({
        method: 'POST',
        url: `${URL}test_connection/`,
        payload: { database_name: 'pg', sqlalchemy_uri: created.result.sqlalchemy_uri },
      });
      expect(tested.json()).toEqual({ message: 'OK' });
    });

    it('updates by parameters (dynamic form) keeping the masked password', async () => {
      const updated = await ok({
        method: 'PUT',
        url: `${URL}${pgId}`,
        payload: {
          engine: 'postgresql',
          configuration_method: 'dynamic_form',
          parameters: {
            host,
            port,
            username: user,
            password: 'XXXXXXXXXX',
            database: 'postgres',
            query: { application_name: 'vitrina' },
          },
        },
      });
      expect(updated.result).toMatchObject({
        configuration_method: 'dynamic_form',
        parameters: { password: 'XXXXXXXXXX', query: { application_name: 'vitrina' } },
      });
      expect(JSON.stringify(updated)).not.toContain(PG_PASSWORD);
    });

    it('reports an unknown database as CONNECTION_UNKNOWN_DATABASE_ERROR', async () => {
      const response = await inject({
        method: 'POST',
        url: `${URL}test_connection/`,
        payload: {
          engine: 'postgresql',
          configuration_method: 'dynamic_form',
          parameters: {
            host,
            port,
            username: user,
            password: PG_PASSWORD,
            database: 'no_such_database_here',
          },
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0]).toMatchObject({
        error_type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
        extra: { engine_name: 'PostgreSQL' },
      });
      expect(response.body).not.toContain(PG_PASSWORD);
      const missing = await inject({
        method: 'POST',
        url: `${URL}test_connection/`,
        payload: {
          engine: 'postgresql',
          configuration_method: 'dynamic_form',
          parameters: { database: 'x' },
        },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0]).toMatchObject({
        error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR',
        extra: { missing: ['host'] },
      });
    });

    it('browses schemas, tables, views and metadata', async () => {
      expect((await ok({ url: `${URL}${pgId}/schemas/` })).result).toContain(schema);
      const tables = await ok({
        url: `${URL}${pgId}/tables/?q=${rison({ schema_name: schema, force: true })}`,
      });
      expect(tables).toEqual({
        count: 2,
        result: expect.arrayContaining([
          { value: 'items', type: 'table', extra: null },
          { value: 'items_view', type: 'view', extra: null },
        ]),
      });
      const metadata = await ok({ url: `${URL}${pgId}/table_metadata/?name=items&schema=${schema}` });
      expect(metadata).toMatchObject({
        name: 'items',
        primaryKey: { column_names: ['id'], type: 'pk' },
        indexes: expect.arrayContaining([
          expect.objectContaining({ name: 'items_label', column_names: ['label'] }),
        ]),
      });
      expect(
        metadata.columns.map((c: { name: string; type_generic: number }) => [c.name, c.type_generic]),
      ).toEqual([
        ['id', 0],
        ['label', 1],
        ['created', 2],
      ]);
      expect(metadata.selectStar).toContain(`"${schema}"."items"`);
      const missing = await inject({ url: `${URL}${pgId}/table_metadata/?name=nope&schema=${schema}` });
      expect(missing.statusCode).toBe(404);
      await ok({ method: 'DELETE', url: `${URL}${pgId}` });
    });
  });
});
