/**
 * Benchmark: the chart data API on the 1,000,000-row example `sales` table (a DuckDB file).
 *
 *   npx tsx bench/chartData.bench.ts        (BENCH_RUNS=7 latency runs, BENCH_EXPORT_RUNS=1 export runs,
 *                                            BENCH_ONLY=<part of a case's name> for one case,
 *                                            BENCH_CPU_PROF=<dir> for a CPU profile of each case's runs,
 *                                            BENCH_TIMINGS=1 to print each answer's own timings)
 *
 * Through the real app (Fastify's inject for JSON; a listening server and an HTTP client writing a
 * file for the exports, so the response streams as it would to a browser):
 *   1. a grouped aggregate (revenue by region and product category) and a 10,000-row table query,
 *      each uncached (`force: true`) and cached, against the same SQL through the bare driver (the
 *      app's own pooled DuckDB connection) in the same process;
 *   2. CSV and XLSX export of all 1,000,000 rows (`result_format` csv / xlsx) against DuckDB's own
 *      `COPY (same SQL) TO 'file.csv'`, with the peak RSS (sampled every 25 ms) and its rise.
 * Runs are interleaved after a warm-up of each; a figure is median(subject) / median(baseline).
 * Absolute times, in brackets, are for context only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadConfig } from '../packages/server/src/config.ts';
import { databaseConnections } from '../packages/server/src/connections/connections.ts';
import { withDuckDb } from '../packages/server/src/drivers/exampleData/duckdbFile.ts';
import {
  createSalesTable,
  SALES_ROW_COUNT,
  salesTableStatements,
} from '../packages/server/src/drivers/exampleData/salesTable.ts';
import { insertDatabase } from '../packages/server/src/testing/fixtures.ts';
import { inProcessApp } from './inProcessApp.ts';
import { compareLatency, type LatencyCase, mb, measured, median, postJsonOverHttp } from './measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 1);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-chartdata-bench-'));

async function setUp() {
  // Data files live in the data dir's files folder, the only place there a database may point.
  const file = path.join(dir, 'files', 'sales.duckdb');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await withDuckDb(file, async (con) => {
    await createSalesTable(con);
    await con.run('CHECKPOINT');
  });
  const config = {
    ...loadConfig({
      VITRINA_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      VITRINA_ROW_LIMIT_MAX: String(SALES_ROW_COUNT),
      VITRINA_LOAD_EXAMPLES: 'false',
      // A 1M-row XLSX takes minutes on a busy 2-core box: the default 60 s would cancel its stream.
      VITRINA_QUERY_TIMEOUT: '3600',
    }),
    webDistDir: null,
  };
  const { metastore, ctx, app, headers } = await inProcessApp(config);
  const databaseId = await insertDatabase({ ctx } as never, { name: 'bench', uri: `duckdb:///${file}` });
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/dataset/',
    headers,
    payload: { database: databaseId, table_name: 'sales' },
  });
  if (created.statusCode !== 201) throw new Error(`dataset: ${created.statusCode} ${created.body}`);
  const row = await metastore.db
    .selectFrom('databases')
    .selectAll()
    .where('id', '=', databaseId)
    .executeTakeFirstOrThrow();
  return {
    ctx,
    app,
    headers,
    datasetId: created.json<{ id: number }>().id,
    connection: databaseConnections(ctx).get(row),
  };
}

async function main(): Promise<void> {
  const { ctx, app, headers, datasetId, connection } = await setUp();
  const context = (query: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    datasource: { id: datasetId, type: 'table' },
    queries: [query],
    ...extra,
  });
  const grouped = {
    columns: ['region', 'product_category'],
    metrics: [
      { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'revenue' }, label: 'revenue' },
    ],
    orderby: [['revenue', false]],
    row_limit: 10_000,
  };
  const table = {
    columns: ['order_id', 'order_ts', 'region', 'city', 'product', 'quantity', 'revenue'],
    orderby: [],
    row_limit: 10_000,
  };
  const everything = {
    columns: [
      'order_id',
      'order_ts',
      'region',
      'country',
      'city',
      'product_category',
      'product',
      'channel',
      'quantity',
      'unit_price',
      'revenue',
    ],
    orderby: [],
    row_limit: SALES_ROW_COUNT,
  };
  const post = async (payload: unknown, expectRows?: number) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: payload as Record<string, unknown>,
    });
    if (response.statusCode !== 200) throw new Error(`chart data: ${response.statusCode} ${response.body}`);
    // Read from the text, not by parsing it: a client's parse of 10,000 rows is not the endpoint's time.
    if (process.env.BENCH_TIMINGS) console.log(/"timings":\{[^}]*\}/.exec(response.body)?.[0]);
    if (expectRows !== undefined && !response.body.includes(`"rowcount":${expectRows}`)) {
      throw new Error(`expected ${expectRows} rows`);
    }
  };
  const sqlOf = async (query: Record<string, unknown>): Promise<string> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: context(query, { result_type: 'query' }),
    });
    return response.json().result[0].query as string;
  };
  // The same POST over a real socket (keep-alive), the answer read whole as text by the client.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const listening = app.server.address();
  if (!listening || typeof listening === 'string') throw new Error('no address');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = { port: listening.port, agent, headers };
  const postHttp = async (payload: unknown, expectRows?: number) => {
    const text = await postJsonOverHttp(target, '/api/v1/chart/data', payload);
    if (expectRows !== undefined && !text.includes(`"rowcount":${expectRows}`)) {
      throw new Error(`expected ${expectRows} rows`);
    }
  };
  const groupedSql = await sqlOf(grouped);
  const tableSql = await sqlOf(table);
  const everythingSql = await sqlOf(everything);

  const latency: LatencyCase[] = [
    {
      name: 'grouped aggregate, uncached',
      subject: () => post(context(grouped, { force: true })),
      base: async () => void (await connection.execute(groupedSql)),
    },
    {
      name: 'grouped aggregate, cached',
      subject: () => post(context(grouped)),
      base: async () => void (await connection.execute(groupedSql)),
    },
    {
      name: '10,000-row table, uncached',
      subject: () => post(context(table, { force: true }), 10_000),
      base: async () => void (await connection.execute(tableSql)),
    },
    {
      name: '10,000-row table, uncached, over HTTP',
      subject: () => postHttp(context(table, { force: true }), 10_000),
      base: async () => void (await connection.execute(tableSql)),
    },
    {
      name: '10,000-row table, cached',
      subject: () => post(context(table), 10_000),
      base: async () => void (await connection.execute(tableSql)),
    },
  ];
  console.log(
    `chart data bench: ${SALES_ROW_COUNT.toLocaleString('en')}-row sales table, ${RUNS} latency run(s), ${EXPORT_RUNS} export run(s)`,
  );
  // BENCH_ONLY=<text>: only the cases whose name holds it; BENCH_CPU_PROF=<dir>: profiles of them.
  await compareLatency(latency, RUNS, 'bare driver');

  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const download = (format: 'csv' | 'xlsx') =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify(context(everything, { result_format: format, force: true }));
      const request = http.request(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/api/v1/chart/data',
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`export ${format}: ${response.statusCode}`));
            response.resume();
            return;
          }
          const sink = fs.createWriteStream(path.join(dir, `export.${format}`));
          response.on('aborted', () => reject(new Error(`export ${format}: the response was cut`)));
          response.on('error', reject);
          response.pipe(sink);
          sink.on('close', () => resolve());
          sink.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  // The app's connections may not write files (by design): COPY runs in a plain in-memory DuckDB
  // instance, outside the drivers, holding the same generated table.
  const copier = await (await DuckDBInstance.create(':memory:')).connect();
  for (const statement of salesTableStatements()) await copier.run(statement);
  const exports: Record<string, () => Promise<void>> = {
    'duckdb COPY TO csv (baseline)': async () => {
      await copier.run(`COPY (${everythingSql}) TO '${path.join(dir, 'copy.csv')}' (HEADER)`);
    },
    'chart data CSV, 1M rows': () => download('csv'),
    'chart data XLSX, 1M rows': () => download('xlsx'),
  };
  const times: Record<string, number[]> = {};
  const peaks: Record<string, number> = {};
  const rises: Record<string, number> = {};
  for (let run = 0; run < EXPORT_RUNS; run++) {
    for (const [name, fn] of Object.entries(exports)) {
      const { ms, peakRss, rise } = await measured(fn);
      times[name] = [...(times[name] ?? []), ms];
      peaks[name] = Math.max(peaks[name] ?? 0, peakRss);
      rises[name] = Math.max(rises[name] ?? 0, rise);
    }
  }
  const base = EXPORT_RUNS > 0 ? median(times['duckdb COPY TO csv (baseline)']!) : 0;
  // BENCH_EXPORT_RUNS=0 measures the JSON answers only.
  for (const name of EXPORT_RUNS > 0 ? Object.keys(exports) : []) {
    const value = median(times[name]!);
    console.log(
      `${name.padEnd(30)} ${(value / base).toFixed(2).padStart(7)}× COPY   peak RSS ${mb(peaks[name]!).padStart(7)} (+${mb(rises[name]!)} during the run)   [${(value / 1000).toFixed(2)} s]`,
    );
  }
  copier.closeSync();
  await app.close();
  await ctx.eventLog.close();
  await ctx.platform.close();
  await ctx.metastore.close();
}

try {
  await main();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
