import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDuckDb } from '../drivers/exampleData/duckdbFile.ts';
import { type Metastore, openMetastore } from '../platform/metastore/index.ts';
import {
  EXAMPLES_FILE_NAME,
  EXAMPLES_SETTING_KEY,
  EXAMPLES_VERSION,
  examplesFilePath,
  examplesUriForFile,
  inspectExamplesFile,
  loadExamples,
} from './index.ts';

/**
 * Loads the example set for real into temporary directories against SQLite metastores. Each
 * directory is built once and shared by the tests of this file (a build takes a few seconds).
 */

const BUILD_TIMEOUT = 180_000;
const dirs: string[] = [];
const metastores: Metastore[] = [];

async function freshDir(): Promise<{ dir: string; metastore: Metastore }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-examples-'));
  const metastore = openMetastore({ databaseUrl: null, dataDir: dir });
  await metastore.migrate();
  dirs.push(dir);
  metastores.push(metastore);
  return { dir, metastore };
}

async function query(file: string, sql: string): Promise<Record<string, unknown>[]> {
  return withDuckDb(file, async (con) => (await con.runAndReadAll(sql)).getRowObjectsJson(), {
    readOnly: true,
  });
}

/** Aggregates and a checksum over a sample of rows: equal fingerprints mean equal data. */
async function fingerprint(file: string): Promise<Record<string, unknown>> {
  const [sales] = await query(
    file,
    `SELECT count(*) AS n, sum(revenue) AS revenue, sum(cost) AS cost, sum(quantity) AS quantity,
       min(order_ts) AS first, max(order_ts) AS last,
       (SELECT md5(string_agg(concat_ws('|', order_id, order_ts, region, country, city, product_category,
          product, channel, customer_segment, quantity, unit_price, discount, revenue, cost, profit), ';'
          ORDER BY order_id))
        FROM sales WHERE order_id % 997 = 0) AS sample
     FROM sales`,
  );
  const [flights] = await query(
    file,
    'SELECT count(*) AS n, sum(delay) AS delay, sum(distance) AS distance FROM flights',
  );
  return { sales, flights };
}

function examplesRows(metastore: Metastore) {
  return metastore.db.selectFrom('databases').selectAll().where('database_name', '=', 'examples').execute();
}

afterAll(async () => {
  for (const metastore of metastores) await metastore.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadExamples into an empty data directory', () => {
  let dir: string;
  let metastore: Metastore;
  let file: string;
  let result: Awaited<ReturnType<typeof loadExamples>>;
  const messages: string[] = [];

  beforeAll(async () => {
    ({ dir, metastore } = await freshDir());
    file = examplesFilePath(dir);
    result = await loadExamples({ dataDir: dir, metastore, log: (m) => messages.push(m) });
  }, BUILD_TIMEOUT);

  it('reports the load and the tables', () => {
    expect(result.loaded).toBe(true);
    expect(result.tables).toEqual([
      'flights',
      'airports',
      'cars',
      'movies',
      'stocks',
      'seattle_weather',
      'sales',
    ]);
    expect(messages.some((m) => m.includes('built 7 tables'))).toBe(true);
  });

  it('creates every table with its row count and leaves only the DuckDB file', async () => {
    const counts = await query(
      file,
      `SELECT 'flights' AS t, count(*) AS n FROM flights UNION ALL SELECT 'airports', count(*) FROM airports
       UNION ALL SELECT 'cars', count(*) FROM cars UNION ALL SELECT 'movies', count(*) FROM movies
       UNION ALL SELECT 'stocks', count(*) FROM stocks UNION ALL SELECT 'seattle_weather', count(*) FROM seattle_weather
       UNION ALL SELECT 'sales', count(*) FROM sales`,
    );
    expect(Object.fromEntries(counts.map((r) => [r.t, Number(r.n)]))).toEqual({
      flights: 3_000_000,
      airports: 3376,
      cars: 406,
      movies: 3201,
      stocks: 560,
      seattle_weather: 1461,
      sales: 1_000_000,
    });
    expect(path.dirname(file)).toBe(path.join(dir, 'files'));
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith(EXAMPLES_FILE_NAME))).toEqual([
      EXAMPLES_FILE_NAME,
    ]);
    // The server's own data: readable by its user only.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('gives dates and times proper types', async () => {
    const types = await query(
      file,
      `SELECT table_name || '.' || column_name AS c, data_type AS t FROM information_schema.columns
       WHERE (table_name, column_name) IN (('flights', 'date'), ('flights', 'delay'), ('stocks', 'date'),
         ('seattle_weather', 'date'), ('movies', 'release_date'), ('movies', 'title'), ('cars', 'year'),
         ('sales', 'order_ts'), ('sales', 'revenue'))`,
    );
    expect(Object.fromEntries(types.map((r) => [r.c, r.t]))).toEqual({
      'flights.date': 'TIMESTAMP',
      'flights.delay': 'INTEGER',
      'stocks.date': 'DATE',
      'seattle_weather.date': 'DATE',
      'movies.release_date': 'DATE',
      'movies.title': 'VARCHAR',
      'cars.year': 'DATE',
      'sales.order_ts': 'TIMESTAMP',
      'sales.revenue': 'DECIMAL(14,2)',
    });
    const [stock] = await query(
      file,
      'SELECT min("date")::VARCHAR AS first FROM stocks WHERE symbol = \'MSFT\'',
    );
    expect(stock?.first).toBe('2000-01-01');
  });

  it('registers the examples database and the loaded version', async () => {
    const rows = await examplesRows(metastore);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      database_name: 'examples',
      sqlalchemy_uri: `duckdb:///${path.resolve(file)}`,
      expose_in_sqllab: 1,
      allow_file_upload: 1,
      allow_run_async: 1,
      allow_dml: 0,
      allow_ctas: 0,
      allow_cvas: 0,
      extra: '{}',
      encrypted_password: null,
    });
    expect(row.sqlalchemy_uri).toBe(examplesUriForFile(path.resolve(file)));
    expect(row.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(row.created_on).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const setting = await metastore.db
      .selectFrom('settings')
      .selectAll()
      .where('key', '=', EXAMPLES_SETTING_KEY)
      .executeTakeFirst();
    expect(setting?.value).toBe(EXAMPLES_VERSION);
  });

  it('makes the examples database grantable to roles', async () => {
    const pairs = await metastore.db
      .selectFrom('permission_views as pv')
      .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
      .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
      .select(['p.name as permission', 'v.name as view'])
      .where('v.name', 'like', '[examples]%')
      .execute();
    expect(pairs).toEqual(
      expect.arrayContaining([
        { permission: 'database_access', view: expect.stringMatching(/^\[examples\]\.\(id:\d+\)$/) },
        { permission: 'schema_access', view: '[examples].[main]' },
      ]),
    );
  });

  it('does nothing the second time', async () => {
    const before = fs.statSync(file);
    const rowsBefore = await examplesRows(metastore);
    const again = await loadExamples({ dataDir: dir, metastore });
    expect(again).toEqual({ loaded: false, tables: result.tables });
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(fs.statSync(file).ino).toBe(before.ino);
    expect(await examplesRows(metastore)).toEqual(rowsBefore);
  });

  it('points the database at the file again when its registered URI went stale', async () => {
    await metastore.db
      .updateTable('databases')
      .set({ sqlalchemy_uri: 'duckdb:////old/place/examples.duckdb' })
      .where('database_name', '=', 'examples')
      .execute();
    const again = await loadExamples({ dataDir: dir, metastore });
    expect(again.loaded).toBe(false);
    const rows = await examplesRows(metastore);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sqlalchemy_uri).toBe(`duckdb:///${file}`);
  });

  it('moves a file left in the data dir itself (older versions) into the files folder', async () => {
    const legacy = path.join(dir, EXAMPLES_FILE_NAME);
    const inode = fs.statSync(file).ino;
    fs.renameSync(file, legacy);
    await metastore.db
      .updateTable('databases')
      .set({ sqlalchemy_uri: examplesUriForFile(legacy) })
      .where('database_name', '=', 'examples')
      .execute();
    const logged: string[] = [];
    const again = await loadExamples({ dataDir: dir, metastore, log: (m) => logged.push(m) });
    expect(again.loaded).toBe(false);
    expect(fs.existsSync(legacy)).toBe(false);
    expect(fs.statSync(file).ino).toBe(inode);
    expect(logged.some((m) => m.includes('moved the file'))).toBe(true);
    expect((await examplesRows(metastore))[0]?.sqlalchemy_uri).toBe(examplesUriForFile(file));
  });

  it('recognises a good file, a missing one and one that is not DuckDB', async () => {
    expect(await inspectExamplesFile(file)).toEqual({ state: 'ok' });
    expect(await inspectExamplesFile(path.join(dir, 'nothing.duckdb'))).toEqual({ state: 'missing' });
    const garbage = path.join(dir, 'garbage.duckdb');
    fs.writeFileSync(garbage, 'not a database'.repeat(1000));
    expect((await inspectExamplesFile(garbage)).state).toBe('invalid');
    expect((await inspectExamplesFile(file, 'another-version')).state).toBe('invalid');
  });

  describe('a second data directory with a damaged file, a stale row and a crashed build', () => {
    let dirB: string;
    let metastoreB: Metastore;
    let fileB: string;
    let stale: { uuid: string; id: number };
    let resultB: Awaited<ReturnType<typeof loadExamples>>;
    let damagedInode: number;
    const deadTemp = () => path.join(dirB, 'files', `${EXAMPLES_FILE_NAME}.tmp-999999999-deadbeef`);

    beforeAll(async () => {
      ({ dir: dirB, metastore: metastoreB } = await freshDir());
      fileB = examplesFilePath(dirB);
      fs.mkdirSync(path.dirname(fileB), { recursive: true });
      // A file cut in half, as a crash or a full disk would leave it, although the metastore says
      // the current version is loaded; a row pointing somewhere else; a temporary file of a build
      // whose process is gone.
      const whole = fs.readFileSync(file);
      fs.writeFileSync(fileB, whole.subarray(0, Math.floor(whole.length / 2)));
      damagedInode = fs.statSync(fileB).ino;
      fs.writeFileSync(deadTemp(), 'half a build');
      const now = new Date().toISOString();
      const inserted = await metastoreB.db
        .insertInto('databases')
        .values({
          uuid: '00000000-0000-4000-8000-000000000001',
          database_name: 'examples',
          sqlalchemy_uri: 'duckdb:////somewhere/else/examples.duckdb',
          encrypted_password: null,
          expose_in_sqllab: 1,
          allow_run_async: 0,
          allow_dml: 0,
          allow_ctas: 0,
          allow_cvas: 0,
          allow_file_upload: 0,
          cache_timeout: 600,
          extra: '{}',
          created_on: now,
          changed_on: now,
          created_by_fk: null,
          changed_by_fk: null,
        })
        .returning(['id', 'uuid'])
        .executeTakeFirstOrThrow();
      stale = inserted;
      await metastoreB.db
        .insertInto('settings')
        .values({ key: EXAMPLES_SETTING_KEY, value: EXAMPLES_VERSION })
        .execute();
      resultB = await loadExamples({ dataDir: dirB, metastore: metastoreB });
    }, BUILD_TIMEOUT);

    it('rebuilds the damaged file', async () => {
      expect(resultB.loaded).toBe(true);
      expect(fs.statSync(fileB).ino).not.toBe(damagedInode);
      expect(await inspectExamplesFile(fileB)).toEqual({ state: 'ok' });
      expect(fs.existsSync(deadTemp())).toBe(false);
    });

    it('builds exactly the same data as the first directory', async () => {
      const a = await fingerprint(file);
      const b = await fingerprint(fileB);
      expect(b).toEqual(a);
      expect(Number((a.sales as { n: string }).n)).toBe(1_000_000);
    });

    it('updates the existing examples row instead of adding one', async () => {
      const rows = await examplesRows(metastoreB);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: stale.id,
        uuid: stale.uuid,
        sqlalchemy_uri: examplesUriForFile(path.resolve(fileB)),
        // what an administrator set is kept
        cache_timeout: 600,
        allow_run_async: 0,
      });
      expect(await loadExamples({ dataDir: dirB, metastore: metastoreB })).toMatchObject({ loaded: false });
      expect(await examplesRows(metastoreB)).toHaveLength(1);
    });
  });
});
