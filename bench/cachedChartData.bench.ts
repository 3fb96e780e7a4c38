/**
 * Benchmark: a cached chart data answer under load, against a bare Fastify route sending the same bytes.
 *
 *   npx tsx bench/cachedChartData.bench.ts
 *     BENCH_DURATION=20 (seconds per load run), BENCH_CONNECTIONS=200, BENCH_RUNS=1 (interleaved pairs),
 *     BENCH_CPU_PROF=<dir> (the server process's CPU profile), BENCH_ONLY_CHART_DATA=1 (no bare route)
 *
 * A child process holds both servers, so the load generator (autocannon, in this process) does not
 * share their event loop: the real app (in-process metastore on SQLite, a small DuckDB file as the
 * data, the admin's bearer token) and, in the same process, a bare Fastify route that answers the same
 * POST with the bytes of the cached answer. Before the load the child counts the metastore queries of
 * one cached request. Each run loads the chart data route, then the bare route, with the same
 * connection count and duration; the figure is requests/s of chart data / requests/s of the bare route.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { median, startCpuProfile } from './measure.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);

/** What the child tells the parent once both servers listen. */
interface Ready {
  barePort: number;
  appPort: number;
  headers: Record<string, string>;
  body: string;
  bytes: number;
  queriesPerRequest: number;
}

/** The child: the app and the bare route on two ports in one process. */
async function serve(): Promise<void> {
  const [{ default: Fastify }, { loadConfig }, { withDuckDb }, { insertDatabase }] = await Promise.all([
    import('fastify'),
    import('../packages/server/src/config.ts'),
    import('../packages/server/src/drivers/exampleData/duckdbFile.ts'),
    import('../packages/server/src/testing/fixtures.ts'),
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-cached-bench-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'files', 'orders.duckdb');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await withDuckDb(file, async (con) => {
    await con.run(
      `CREATE TABLE orders AS SELECT i AS id, ['north', 'south', 'east', 'west'][i % 4 + 1] AS region,
         ['books', 'games', 'tools'][i % 3 + 1] AS category, (i % 97) * 1.5 AS revenue FROM range(10000) t(i)`,
    );
    await con.run('CHECKPOINT');
  });
  const config = {
    ...loadConfig({ VITRINA_DATA_DIR: dir, LOG_LEVEL: 'silent', VITRINA_LOAD_EXAMPLES: 'false' }),
    webDistDir: null,
  };
  // Every metastore query passes this plugin: the count of one cached request is printed.
  let queries = 0;
  const { inProcessApp } = await import('./inProcessApp.ts');
  const {
    ctx,
    app,
    headers: signedIn,
  } = await inProcessApp(config, (metastore) => ({
    ...metastore,
    db: metastore.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    }),
  }));
  const headers = { ...signedIn, 'content-type': 'application/json' };
  const databaseId = await insertDatabase({ ctx } as never, { name: 'bench', uri: `duckdb:///${file}` });
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/dataset/',
    headers,
    payload: { database: databaseId, table_name: 'orders' },
  });
  if (created.statusCode !== 201) throw new Error(`dataset: ${created.statusCode} ${created.body}`);
  const body = JSON.stringify({
    datasource: { id: created.json<{ id: number }>().id, type: 'table' },
    queries: [
      {
        columns: ['region', 'category'],
        metrics: [
          {
            expressionType: 'SIMPLE',
            aggregate: 'SUM',
            column: { column_name: 'revenue' },
            label: 'revenue',
          },
        ],
        orderby: [['revenue', false]],
        row_limit: 1000,
      },
    ],
  });
  const post = () => app.inject({ method: 'POST', url: '/api/v1/chart/data', headers, payload: body });
  const first = await post();
  if (first.statusCode !== 200) throw new Error(`chart data: ${first.statusCode} ${first.body}`);
  for (let i = 0; i < 20; i++) await post();
  const before = queries;
  const counting = 100;
  for (let i = 0; i < counting; i++) {
    const response = await post();
    if (response.json().result[0].is_cached !== true) throw new Error('the answer was not cached');
  }
  const queriesPerRequest = (queries - before) / counting;
  const cachedBytes = (await post()).rawPayload;

  const bare = Fastify({ logger: false });
  bare.post('/api/v1/chart/data', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(cachedBytes),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (server: typeof app.server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return address.port;
  };
  const ready: Ready = {
    barePort: portOf(bare.server),
    appPort: portOf(app.server),
    headers,
    body,
    bytes: cachedBytes.length,
    queriesPerRequest,
  };
  // BENCH_CPU_PROF=<dir>: the server's profile from the moment both servers listen until the end.
  const stopProfile = await startCpuProfile(process.env.BENCH_CPU_PROF, `cachedChartData.${process.pid}`);
  console.log(JSON.stringify(ready));
  process.on('SIGTERM', () => {
    void Promise.all([stopProfile(), bare.close(), app.close()]).finally(() => process.exit(0));
  });
}

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(port: number, ready: Ready): Promise<Load> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/v1/chart/data`,
    method: 'POST',
    headers: ready.headers,
    body: ready.body,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function startChild(): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: { ...process.env, BENCH_ROLE: 'server' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server process ended (${code})`)));
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{"barePort"')) resolve({ child, ready: JSON.parse(line) as Ready });
    });
  });
}

const show = (name: string, load: Load) =>
  `${name.padEnd(24)} ${load.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(load.p50).padStart(5)} ms   p99 ${String(load.p99).padStart(5)} ms   errors ${load.errors}   non-2xx ${load.non2xx}`;

async function main(): Promise<void> {
  const { child, ready } = await startChild();
  console.log(
    `cached chart data bench: ${CONNECTIONS} connections, ${DURATION} s per load, ${RUNS} run(s); answer ${ready.bytes} bytes; ${ready.queriesPerRequest} metastore queries per cached request`,
  );
  const ratios: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const cached = await load(ready.appPort, ready);
      console.log(show('cached chart data', cached));
      // BENCH_ONLY_CHART_DATA=1: no bare route (a CPU profile of the chart data route alone).
      if (process.env.BENCH_ONLY_CHART_DATA) continue;
      const bare = await load(ready.barePort, ready);
      console.log(show('bare Fastify route', bare));
      ratios.push(cached.requestsPerSecond / bare.requestsPerSecond);
      console.log(`ratio (chart data / bare) ${ratios.at(-1)!.toFixed(3)}×`);
    }
    if (RUNS > 1) console.log(`median ratio ${median(ratios).toFixed(3)}×`);
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited; // the child writes its profile (BENCH_CPU_PROF) before it exits
  }
}

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();
