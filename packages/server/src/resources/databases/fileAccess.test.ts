import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

/**
 * The server's own files are unreachable through the databases API (issue 15, findings 1 and 2): an
 * Alpha registered `sqlite:///vitrina.db` and read the metastore; any database writer switched the
 * DuckDB sandbox off with connect_args and read the secret key.
 */

const URL = '/api/v1/database/';
const TEST_URL = `${URL}test_connection/`;
const SECRET = 'the-signing-key-of-this-test';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions.
type Json = Record<string, any>;

describe('databases API: file-based engines and connection options', () => {
  let harness: TestApp;
  let admin: Headers;
  let alpha: Headers;
  let dataDir: string;
  let filesDir: string;

  beforeAll(async () => {
    harness = await createTestApp();
    ({ dataDir, filesDir } = harness.ctx.config);
    await harness.createUser({ username: 'alpha_files', roles: ['Alpha', 'sql_lab'] });
    admin = await harness.bearer(ADMIN.username, ADMIN.password);
    alpha = await harness.bearer('alpha_files', 'password123');
    fs.writeFileSync(path.join(dataDir, 'secret_key'), SECRET, { mode: 0o600 });
    await withDuckDb(path.join(filesDir, 'shop.duckdb'), async (con) => {
      await con.run('CREATE TABLE orders AS SELECT 1 AS id');
    });
    const sqlite = new SQLite(path.join(filesDir, 'shop.sqlite'));
    sqlite.exec('CREATE TABLE orders (id INTEGER)');
    sqlite.close();
    fs.symlinkSync(path.join(dataDir, 'vitrina.db'), path.join(filesDir, 'meta-link.db'));
  }, 60_000);
  afterAll(() => harness?.close());

  const send = (method: 'POST' | 'PUT', url: string, headers: Headers, payload: Json) =>
    harness.app.inject({ method, url, headers, payload });
  const create = (headers: Headers, name: string, payload: Json) =>
    send('POST', URL, headers, { database_name: name, ...payload });
  const count = async () =>
    (await harness.ctx.metastore.db.selectFrom('databases').select('id').execute()).length;
  const runSql = (headers: Headers, databaseId: number, sql: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers,
      payload: { database_id: databaseId, sql, runAsync: false },
    });

  it('refuses an Alpha every SQLite database and DuckDB file, however the path is written', async () => {
    const before = await count();
    for (const uri of [
      'sqlite:///vitrina.db',
      'sqlite:///../vitrina.db',
      `sqlite:///${path.join(dataDir, 'vitrina.db')}`,
      'sqlite:///meta-link.db',
      'sqlite:///../VITRINA.DB',
      'sqlite:///file:vitrina.db?mode=ro',
      'sqlite:///file:../vitrina.db?vfs=unix-none',
      'sqlite:///:memory:',
      'sqlite:///shop.sqlite',
      'duckdb:///shop.duckdb',
      `duckdb:///${path.join(filesDir, 'shop.duckdb')}`,
      'duckdb:///../secret_key',
    ]) {
      for (const response of [
        await create(alpha, `alpha ${uri}`, { sqlalchemy_uri: uri }),
        await send('POST', TEST_URL, alpha, { sqlalchemy_uri: uri }),
      ]) {
        expect(response.statusCode, uri).toBe(422);
        expect(response.json().message.sqlalchemy_uri[0], uri).toMatch(
          /^Only administrators can connect (SQLite|DuckDB) databases, because they open files on the server\./,
        );
      }
    }
    const dynamic = await create(alpha, 'alpha form', {
      engine: 'sqlite',
      configuration_method: 'dynamic_form',
      parameters: { database: 'vitrina.db' },
    });
    expect(dynamic.statusCode).toBe(422);
    expect(dynamic.json().message.sqlalchemy_uri[0]).toContain('Only administrators');
    expect(await count()).toBe(before);
  });

  it('refuses everyone, administrators too, options that widen what an engine reaches', async () => {
    const before = await count();
    const withArgs = (connect_args: Json) => JSON.stringify({ engine_params: { connect_args } });
    const cases: Array<{ payload: Json; field: string; names: string }> = [
      {
        payload: { sqlalchemy_uri: 'duckdb:///:memory:', extra: withArgs({ allow_external_access: true }) },
        field: 'extra',
        names: 'engine_params.connect_args.allow_external_access is not accepted for DuckDB',
      },
      {
        payload: {
          sqlalchemy_uri: 'duckdb:///:memory:',
          extra: withArgs({ config: { enable_external_access: 'true' } }),
        },
        field: 'extra',
        names: 'engine_params.connect_args.config is not accepted for DuckDB',
      },
      {
        payload: { sqlalchemy_uri: 'duckdb:///:memory:?enable_external_access=true' },
        field: 'sqlalchemy_uri',
        names: 'The URI parameter "enable_external_access" is not accepted for DuckDB',
      },
      {
        payload: {
          sqlalchemy_uri: 'mysql://root@127.0.0.1:3306/test',
          extra: withArgs({ multipleStatements: true, localInfile: true }),
        },
        field: 'extra',
        names: 'engine_params.connect_args.multipleStatements is not accepted for MySQL',
      },
      {
        payload: { sqlalchemy_uri: 'postgresql://u@127.0.0.1:5432/db?options=-c%20search_path%3Devil' },
        field: 'sqlalchemy_uri',
        names: 'The URI parameter "options" is not accepted for PostgreSQL',
      },
      {
        payload: {
          sqlalchemy_uri: 'postgresql://u@127.0.0.1:5432/db',
          extra: withArgs({ options: '-c x=1' }),
        },
        field: 'extra',
        names: 'engine_params.connect_args.options is not accepted for PostgreSQL',
      },
      {
        payload: { sqlalchemy_uri: 'duckdb:///:memory:', extra: withArgs({ create: 'yes' }) },
        field: 'extra',
        names: 'engine_params.connect_args.create must be true or false.',
      },
    ];
    for (const headers of [admin, alpha]) {
      for (const { payload, field, names } of cases) {
        for (const response of [
          await create(headers, `options ${names}`, payload),
          await send('POST', TEST_URL, headers, payload),
        ]) {
          expect(response.statusCode, names).toBe(422);
          expect((response.json().message[field] as string[]).join(' '), names).toContain(names);
        }
      }
    }
    const unknownParam = await create(admin, 'pool class', {
      sqlalchemy_uri: 'duckdb:///:memory:',
      extra: JSON.stringify({ engine_params: { poolclass: 'NullPool' } }),
    });
    expect(unknownParam.statusCode).toBe(400);
    expect(unknownParam.json().message.extra[0]).toContain('engine_params.poolclass is not accepted');
    expect(await count()).toBe(before);
  });

  it("lets an Alpha use DuckDB's sandboxed in-memory database, which cannot read the server's files", async () => {
    const created = await create(alpha, 'alpha memory', { sqlalchemy_uri: 'duckdb:///:memory:' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    for (const sql of [
      `SELECT * FROM read_text('${path.join(dataDir, 'secret_key')}')`,
      `SELECT * FROM read_blob('${path.join(dataDir, 'vitrina.db')}')`,
      `ATTACH '${path.join(dataDir, 'vitrina.db')}' AS meta (TYPE sqlite)`,
    ]) {
      const response = await runSql(alpha, id, sql);
      expect(response.statusCode, sql).not.toBe(200);
      expect(response.body).not.toContain(SECRET);
    }
    // Switching it to a file afterwards is refused as creating one is.
    const update = await send('PUT', `${URL}${id}`, alpha, { sqlalchemy_uri: 'duckdb:///shop.duckdb' });
    expect(update.statusCode).toBe(422);
    expect(update.json().message.sqlalchemy_uri[0]).toContain('Only administrators');
    const widen = await send('PUT', `${URL}${id}`, alpha, {
      extra: JSON.stringify({ engine_params: { connect_args: { allow_external_access: true } } }),
    });
    expect(widen.statusCode).toBe(422);
  });

  it('refuses to open a stored row whose options are no longer accepted', async () => {
    const id = await insertDatabase(harness, { name: 'legacy open duckdb', uri: 'duckdb:///:memory:' });
    await harness.ctx.metastore.db
      .updateTable('databases')
      .set({ extra: JSON.stringify({ engine_params: { connect_args: { allow_external_access: true } } }) })
      .where('id', '=', id)
      .execute();
    const read = await runSql(admin, id, `SELECT * FROM read_text('${path.join(dataDir, 'secret_key')}')`);
    expect(read.statusCode).not.toBe(200);
    expect(read.body).not.toContain(SECRET);
    // Even a harmless query: the pool is never opened with the stored option.
    const plain = await runSql(admin, id, 'SELECT 1');
    expect(plain.statusCode).not.toBe(200);
    expect(plain.body).toContain('connect_args.allow_external_access is not accepted');
  });

  it("lets an administrator register files in the files folder, never the server's own files", async () => {
    for (const [name, uri] of [
      ['admin duck', 'duckdb:///shop.duckdb'],
      ['admin sqlite', `sqlite:///${path.join(filesDir, 'shop.sqlite')}`],
    ]) {
      const response = await create(admin, name!, { sqlalchemy_uri: uri });
      expect(response.statusCode, response.body).toBe(201);
    }
    for (const uri of [
      'sqlite:///../vitrina.db',
      `sqlite:///${path.join(dataDir, 'vitrina.db')}`,
      `sqlite:///${path.join(dataDir, 'vitrina.db-wal')}`,
      `sqlite:///${path.join(dataDir, 'vitrina.db-shm')}`,
      'sqlite:///meta-link.db',
      'sqlite:///../VITRINA.DB',
      'sqlite:///files/../../vitrina.db',
      'sqlite:///file:../vitrina.db?mode=ro',
      'duckdb:///../secret_key',
      `duckdb:///${path.join(dataDir, 'secret_key')}`,
      'duckdb:///md:my_database',
    ]) {
      const response = await send('POST', TEST_URL, admin, { sqlalchemy_uri: uri });
      expect(response.statusCode, uri).toBe(422);
      expect(response.json().errors[0].error_type, uri).toBe('FILE_NOT_ALLOWED_ERROR');
    }
  });

  it('refuses an Alpha changing a file database an administrator registered', async () => {
    const row = await harness.ctx.metastore.db
      .selectFrom('databases')
      .select('id')
      .where('database_name', '=', 'admin duck')
      .executeTakeFirstOrThrow();
    for (const payload of [{ database_name: 'renamed' }, { allow_dml: true }]) {
      const response = await send('PUT', `${URL}${row.id}`, alpha, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().message.sqlalchemy_uri[0]).toContain('Only administrators');
    }
    const byAdmin = await send('PUT', `${URL}${row.id}`, admin, { database_name: 'admin duck 2' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});
