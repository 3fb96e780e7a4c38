/**
 * Benchmark: CSV export of 1,000,000 rows over HTTP into a file, DuckDB and PostgreSQL, against each
 * engine's own COPY.
 *
 *   npx tsx bench/csvEngine.bench.ts        (BENCH_RUNS=3 by default; PostgreSQL from TEST_POSTGRES_URL
 *                                             or postgres://postgres@127.0.0.1:5432/postgres)
 *
 * The same 1M rows (integer, Cyrillic text, decimal, timestamp, date, boolean) in a DuckDB file and in
 * a PostgreSQL table. Through the real app on a listening server, an HTTP client streams each export
 * into a file:
 *   - the chart data CSV export (`result_format: csv`) of the whole table, as it runs now — on DuckDB
 *     the engine's own CSV lines (DatabaseConnection.streamCsv), on PostgreSQL COPY of the cells built
 *     in SQL — and, on DuckDB, with the engine path switched off, for comparison;
 *   - the SQL Lab CSV export (`GET /api/v1/sqllab/export/<client_id>/`) of the same table.
 * Baselines, in the same process: DuckDB's `COPY (same SQL) TO 'file.csv'` in a plain instance holding
 * the same table, and PostgreSQL's `COPY (same SQL) TO STDOUT (FORMAT csv, HEADER)` streamed into a
 * file (pg-copy-streams); for reference, DuckDB's COPY of the statement the chart export really runs
 * (its row limit as a scalar subquery, flows/chartData/exportStatement.ts). Runs interleaved after a warm-up of each; a figure is
 * median(subject) / median(its engine's COPY), with the peak RSS and its rise during the run.
 * BENCH_ONLY=<part of a name>: only those subjects and their engine's COPY; BENCH_CPU_PROF=<dir>: a CPU
 * profile of the timed runs.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { loadConfig } from '../packages/server/src/config.ts';
import { databaseConnections } from '../packages/server/src/connections/connections.ts';
import type { DatabaseConnection } from '../packages/server/src/drivers/driver.ts';
import { withDuckDb } from '../packages/server/src/drivers/exampleData/duckdbFile.ts';
import { insertDatabase } from '../packages/server/src/testing/fixtures.ts';
import { inProcessApp } from './inProcessApp.ts';
import { mb, measured, median, startCpuProfile } from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROWS = 1_000_000;
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = `vitrina_csv_bench_${process.pid}`;
const COLUMNS = ['id', 'name', 'amount', 'ts', 'day', 'flag'];

const DUCKDB_TABLE = `CREATE TABLE t AS SELECT range AS id, 'Клиент ' || range AS name,
  (range * 0.25)::DECIMAL(18,2) AS amount, TIMESTAMP '2024-01-01' + to_seconds(range) AS ts,
  DATE '2024-01-01' + (range % 365)::INTEGER AS day, range % 2 = 0 AS flag FROM range(${ROWS})`;
const PG_TABLE = `CREATE TABLE "${SCHEMA}".t AS SELECT n::bigint AS id, 'Клиент ' || n AS name,
  (n * 0.25)::numeric(18,2) AS amount, timestamp '2024-01-01' + n * interval '1 second' AS ts,
  date '2024-01-01' + (n % 365) AS day, n % 2 = 0 AS flag FROM generate_series(0, ${ROWS - 1}) AS n`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-csv-engine-bench-'));

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const file = path.join(dir, 'files', 'bench.duckdb');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await withDuckDb(file, async (con) => {
    await con.run(DUCKDB_TABLE);
    await con.run('CHECKPOINT');
  });
  await admin(async (client) => {
    await client.query(`CREATE SCHEMA "${SCHEMA}"`);
    await client.query(PG_TABLE);
    await client.query(`ANALYZE "${SCHEMA}".t`);
  });
  const config = {
    ...loadConfig({
      VITRINA_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      VITRINA_ROW_LIMIT_MAX: String(ROWS),
      VITRINA_LOAD_EXAMPLES: 'false',
      VITRINA_QUERY_TIMEOUT: '3600',
    }),
    webDistDir: null,
  };
  config.sqlLab.asyncTimeLimitSeconds = 3600;
  const { metastore, ctx, app, headers } = await inProcessApp(config);

  interface Source {
    engine: 'duckdb' | 'postgresql';
    databaseId: number;
    datasetId: number;
    connection: DatabaseConnection;
    sql: string;
  }
  const source = async (engine: Source['engine'], uri: string, schema: string | null): Promise<Source> => {
    const databaseId = await insertDatabase({ ctx } as never, { name: `bench_${engine}`, uri });
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/dataset/',
      headers,
      payload: { database: databaseId, table_name: 't', ...(schema && { schema }) },
    });
    if (created.statusCode !== 201) throw new Error(`dataset: ${created.statusCode} ${created.body}`);
    const datasetId = created.json<{ id: number }>().id;
    const row = await metastore.db
      .selectFrom('databases')
      .selectAll()
      .where('id', '=', databaseId)
      .executeTakeFirstOrThrow();
    const query = await app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: { ...chartContext(datasetId), result_format: 'json', result_type: 'query' },
    });
    const sql = query.json().result[0].query as string;
    return { engine, databaseId, datasetId, connection: databaseConnections(ctx).get(row), sql };
  };
  const chartContext = (datasetId: number) => ({
    datasource: { id: datasetId, type: 'table' },
    queries: [{ columns: COLUMNS, orderby: [], row_limit: ROWS }],
    result_format: 'csv',
    result_type: 'full',
    force: true,
  });
  const duck = await source('duckdb', `duckdb:///${file}`, null);
  const url = new URL(PG_URL);
  const pgUri = `postgresql://${url.username}${url.password ? `:${url.password}` : ''}@${url.hostname}:${url.port || 5432}${url.pathname}`;
  const postgres = await source('postgresql', pgUri, SCHEMA);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const download = (target: string, method: 'GET' | 'POST', urlPath: string, payload?: unknown) =>
    new Promise<void>((resolve, reject) => {
      const body = payload === undefined ? '' : JSON.stringify(payload);
      const request = http.request(
        {
          host: '127.0.0.1',
          port: address.port,
          path: urlPath,
          method,
          headers: {
            ...headers,
            ...(payload !== undefined && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            }),
          },
        },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`${urlPath}: ${response.statusCode}`));
            response.resume();
            return;
          }
          const sink = fs.createWriteStream(path.join(dir, target));
          response.on('aborted', () => reject(new Error(`${urlPath}: the response was cut`)));
          pipeline(response, sink).then(resolve, reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const chartCsv = (from: Source, target: string) =>
    download(target, 'POST', '/api/v1/chart/data', chartContext(from.datasetId));
  /** The same export with the engine path switched off: the driver's rows into the JavaScript writer. */
  const jsChartCsv = async (from: Source, target: string) => {
    // Hidden for the run by an own property, then put back as it was: the connection the app holds
    // may carry the method as an own property (a wrapper), which deleting would lose for good.
    const own = Object.getOwnPropertyDescriptor(from.connection, 'streamCsv');
    Object.defineProperty(from.connection, 'streamCsv', { value: undefined, configurable: true });
    try {
      await chartCsv(from, target);
    } finally {
      if (own) Object.defineProperty(from.connection, 'streamCsv', own);
      else delete (from.connection as { streamCsv?: unknown }).streamCsv;
    }
  };
  const sqlLabCsv = async (from: Source, target: string) => {
    const clientId = `b${from.engine.slice(0, 2)}${randomBytes(4).toString('hex')}`;
    const executed = await app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers,
      payload: {
        database_id: from.databaseId,
        sql: `SELECT ${COLUMNS.join(', ')} FROM ${from.engine === 'postgresql' ? `"${SCHEMA}".t` : 't'}`,
        client_id: clientId,
        queryLimit: 10,
      },
    });
    if (executed.statusCode !== 200) throw new Error(`execute: ${executed.statusCode} ${executed.body}`);
    await download(target, 'GET', `/api/v1/sqllab/export/${clientId}/`);
  };

  // The app's DuckDB may not write files (by design): COPY runs in a plain instance on a copy of the file.
  const copyFile = path.join(dir, 'copy-source.duckdb');
  fs.copyFileSync(file, copyFile);
  const copier = await (await DuckDBInstance.create(copyFile)).connect();
  const pgCopier = new pg.Client({ connectionString: PG_URL });
  await pgCopier.connect();

  const subjects: Array<[name: string, engine: Source['engine'], target: string, fn: () => Promise<void>]> = [
    [
      'duckdb COPY TO csv (baseline)',
      'duckdb',
      'duckdb-copy.csv',
      async () => {
        await copier.run(`COPY (${duck.sql}) TO '${path.join(dir, 'duckdb-copy.csv')}' (HEADER)`);
      },
    ],
    [
      // For reference: COPY of the statement the export really runs (its row limit as a scalar
      // subquery, flows/chartData/exportStatement.ts), which DuckDB plans without the row-id join.
      'duckdb COPY TO csv, export statement',
      'duckdb',
      'duckdb-copy-export.csv',
      async () => {
        const sql = duck.sql.replace(/\nLIMIT ([0-9]+)$/, '\nLIMIT (SELECT $1)');
        await copier.run(`COPY (${sql}) TO '${path.join(dir, 'duckdb-copy-export.csv')}' (HEADER)`);
      },
    ],
    ['duckdb chart data CSV', 'duckdb', 'duckdb-chart.csv', () => chartCsv(duck, 'duckdb-chart.csv')],
    ['duckdb SQL Lab CSV', 'duckdb', 'duckdb-sqllab.csv', () => sqlLabCsv(duck, 'duckdb-sqllab.csv')],
    ['duckdb chart CSV, JS writer', 'duckdb', 'duckdb-js.csv', () => jsChartCsv(duck, 'duckdb-js.csv')],
    [
      'postgresql COPY TO STDOUT (baseline)',
      'postgresql',
      'pg-copy.csv',
      async () => {
        const copy = pgCopier.query(copyTo(`COPY (${postgres.sql}) TO STDOUT (FORMAT csv, HEADER)`));
        await pipeline(copy, fs.createWriteStream(path.join(dir, 'pg-copy.csv')));
      },
    ],
    ['postgresql chart data CSV', 'postgresql', 'pg-chart.csv', () => chartCsv(postgres, 'pg-chart.csv')],
    ['postgresql SQL Lab CSV', 'postgresql', 'pg-sqllab.csv', () => sqlLabCsv(postgres, 'pg-sqllab.csv')],
  ];

  const only = process.env.BENCH_ONLY;
  if (only) {
    const kept = subjects.filter(([name]) => name.includes(only));
    const engines = new Set(kept.map(([, engine]) => engine));
    const baselines = subjects.filter(([name, engine]) => name.includes('(baseline)') && engines.has(engine));
    subjects.splice(
      0,
      subjects.length,
      ...baselines,
      ...kept.filter((subject) => !baselines.includes(subject)),
    );
  }
  console.log(
    `CSV engine bench: ${ROWS.toLocaleString('en')} rows over HTTP into a file, ${RUNS} run(s), rss at start ${mb(process.memoryUsage().rss)}`,
  );
  const times: Record<string, number[]> = {};
  const peaks: Record<string, number> = {};
  const rises: Record<string, number> = {};
  for (const [, , , fn] of subjects) await fn(); // warm-up
  // BENCH_CPU_PROF=<dir>: a profile of the timed runs (baselines included).
  const stopProfile = await startCpuProfile(process.env.BENCH_CPU_PROF, 'csvEngine');
  for (let run = 0; run < RUNS; run++) {
    for (const [name, , , fn] of subjects) {
      const { ms, peakRss, rise } = await measured(fn);
      times[name] = [...(times[name] ?? []), ms];
      peaks[name] = Math.max(peaks[name] ?? 0, peakRss);
      rises[name] = Math.max(rises[name] ?? 0, rise);
    }
  }
  await stopProfile();
  // The engine path writes the JavaScript writer's bytes.
  const compared = times['duckdb chart data CSV'] && times['duckdb chart CSV, JS writer'];
  const engineFile = compared && fs.readFileSync(path.join(dir, 'duckdb-chart.csv'));
  if (engineFile && !engineFile.equals(fs.readFileSync(path.join(dir, 'duckdb-js.csv')))) {
    throw new Error("duckdb: the engine's CSV differs from the JavaScript writer's");
  }
  for (const [name, engine, target] of subjects) {
    const base = median(
      times[engine === 'duckdb' ? 'duckdb COPY TO csv (baseline)' : 'postgresql COPY TO STDOUT (baseline)']!,
    );
    const value = median(times[name]!);
    const size = fs.statSync(path.join(dir, target)).size;
    console.log(
      `${name.padEnd(38)} ${(value / base).toFixed(2).padStart(6)}× COPY   peak RSS ${mb(peaks[name]!).padStart(7)} (+${mb(rises[name]!)} during the run)   [${(value / 1000).toFixed(2)} s, ${mb(size)} file]`,
    );
  }
  const exportCopy = median(times['duckdb COPY TO csv, export statement'] ?? [Number.NaN]);
  if (times['duckdb chart data CSV'] && Number.isFinite(exportCopy))
    console.log(
      `duckdb chart data CSV against COPY of the export statement: ${(median(times['duckdb chart data CSV']!) / exportCopy).toFixed(2)}×`,
    );
  copier.closeSync();
  await pgCopier.end();
  await app.close();
  await ctx.eventLog.close();
  await ctx.platform.close();
  await ctx.metastore.close();
}

try {
  await main();
} finally {
  await admin((client) => client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`)).catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
}
