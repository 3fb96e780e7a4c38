/**
 * Load and soak (issue 23 item 3): the real server (`vitrina all` with the examples) under mixed traffic
 * from autocannon — cached chart data, dashboard pages and their API, list endpoints, small SQL Lab
 * queries — with BENCH_CONNECTIONS connections (200) for BENCH_DURATION seconds (60), then a bare Fastify
 * route in this process sending the cached chart answer's bytes under the same load, for the ratio.
 * BENCH_SOAK_SECONDS (0: none; 600 for the README's ten minutes) then keeps a quarter of the connections
 * on the same mix and samples the server's resident memory, heap (used and committed) and Buffers' memory
 * every ten seconds from its /metrics:
 * their floors under load (second minute, last minute) and their values at rest before and after.
 *
 *   npx tsx bench/load.bench.ts
 *   BENCH_SOAK_SECONDS=600 npx tsx bench/load.bench.ts
 *   BENCH_KINDS=cached,sql BENCH_DURATION=10 npx tsx bench/load.bench.ts
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { type RequestTrace, requestTrace, tcpCounters, tcpCountersLine } from './requestTrace.ts';
import { type BenchServer, sleep, startBenchServer } from './server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 0);
const PORT = Number(process.env.BENCH_PORT ?? 8097);
// BENCH_METRICS_TOKEN lets a probe beside the bench read the server's /metrics during the load.
const METRICS_TOKEN = process.env.BENCH_METRICS_TOKEN ?? randomBytes(16).toString('hex');
// BENCH_TRACE_MS=<ms>: tag and time every request of the mixed run and list those slower than this (with
// BENCH_SERVER_LOG=<file>, split into before, inside and after the server; bench/requestTrace.ts).
const TRACE_MS = process.env.BENCH_TRACE_MS ? Number(process.env.BENCH_TRACE_MS) : null;

interface Kind {
  name: string;
  /** Its share of the connections. */
  share: number;
  requests: autocannon.Request[];
}

interface Outcome {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The mix: what a busy morning of dashboard viewers, list browsers and analysts sends. */
async function mix(server: BenchServer, headers: Record<string, string>): Promise<Kind[]> {
  // A grouped count on the first example dataset: what a bar chart of a dashboard asks.
  const datasets = await server.api<{ result: Array<{ id: number }> }>(
    'GET',
    '/api/v1/dataset/?q=(order_column:id,order_direction:asc,page_size:1)',
    headers,
  );
  const datasetId = datasets.result[0]?.id;
  if (datasetId === undefined) throw new Error('no example dataset');
  const dataset = await server.api<{ result: { columns: Array<{ column_name: string; groupby: boolean }> } }>(
    'GET',
    `/api/v1/dataset/${datasetId}`,
    headers,
  );
  const column = dataset.result.columns.find((c) => c.groupby)?.column_name;
  if (!column) throw new Error('the example dataset has no column to group by');
  const queryContext = JSON.stringify({
    datasource: { id: datasetId, type: 'table' },
    queries: [
      {
        columns: [column],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
        row_limit: 100,
      },
    ],
    result_format: 'json',
    result_type: 'full',
  });
  // Filled once, so the mix measures cached answers.
  await server.api('POST', '/api/v1/chart/data', headers, JSON.parse(queryContext));
  const dashboards = await server.api<{ result: Array<{ id: number }> }>(
    'GET',
    '/api/v1/dashboard/?q=(page_size:1)',
    headers,
  );
  const dashboardId = dashboards.result[0]?.id;
  const databases = await server.api<{ result: Array<{ id: number }> }>('GET', '/api/v1/database/', headers);
  const databaseId = databases.result[0]?.id;
  if (dashboardId === undefined || databaseId === undefined)
    throw new Error('no example dashboard or database');
  const get = (path: string): autocannon.Request => ({ method: 'GET', path, headers });
  return [
    {
      name: 'cached chart data',
      share: 0.4,
      requests: [{ method: 'POST', path: '/api/v1/chart/data', headers, body: queryContext }],
    },
    {
      name: 'dashboard page + API',
      share: 0.2,
      requests: [
        get(`/superset/dashboard/${dashboardId}/`),
        get(`/api/v1/dashboard/${dashboardId}`),
        get(`/api/v1/dashboard/${dashboardId}/charts`),
      ],
    },
    {
      name: 'lists',
      share: 0.2,
      requests: [
        get(
          '/api/v1/chart/?q=(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)',
        ),
        get(
          '/api/v1/dashboard/?q=(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)',
        ),
        get('/api/v1/dataset/?q=(page:0,page_size:25)'),
      ],
    },
    {
      name: 'SQL Lab small query',
      share: 0.2,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/sqllab/execute/',
          headers,
          // Every run is a new query of its own (client ids are unique).
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              database_id: databaseId,
              sql: 'SELECT 1 AS one',
              client_id: randomBytes(5).toString('hex'),
              runAsync: false,
              queryLimit: 100,
            }),
          }),
        },
      ],
    },
  ];
}

function cannon(url: string, kind: Kind, connections: number, duration: number): Promise<Outcome> {
  return autocannon({
    url,
    connections: Math.max(1, Math.round(connections * kind.share)),
    duration,
    requests: kind.requests,
  }).then((result) => ({
    name: kind.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }));
}

const line = (o: Outcome) =>
  `${o.name.padEnd(24)} ${o.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(o.p50).padStart(5)} ms   p99 ${String(o.p99).padStart(5)} ms   errors ${o.errors}   non-2xx ${o.non2xx}`;

interface MemorySample {
  residentMb: number;
  heapUsedMb: number;
  /** V8's committed heap: what of the heap the resident size holds, used or not. */
  heapTotalMb: number;
  /** Memory of Buffers and ArrayBuffers, outside the heap but owned by JavaScript objects. */
  externalMb: number;
  /** V8's committed memory per heap space (new, old, code, large_object, …): where committed heap grows. */
  spacesMb: Record<string, number>;
}

async function memory(server: BenchServer): Promise<MemorySample> {
  const response = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const read = (name: string) => {
    const match = new RegExp(`^${name} (\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)$`, 'm').exec(text);
    if (!match?.[1]) throw new Error(`no ${name} in /metrics (${response.status})`);
    return Number(match[1]) / 2 ** 20;
  };
  return {
    residentMb: read('process_resident_memory_bytes'),
    heapUsedMb: read('nodejs_heap_size_used_bytes'),
    heapTotalMb: read('nodejs_heap_size_total_bytes'),
    externalMb: read('nodejs_external_memory_bytes'),
    spacesMb: Object.fromEntries(
      [...text.matchAll(/^nodejs_heap_space_size_total_bytes\{space="(\w+)"\} (\S+)$/gm)].map((match) => [
        match[1] as string,
        Number(match[2]) / 2 ** 20,
      ]),
    ),
  };
}

/** One line a minute of the soak: the floors of its samples, and each heap space's committed floor. */
function minuteLine(minute: number, samples: readonly MemorySample[]): string {
  const spaces = Object.keys(samples[0]?.spacesMb ?? {})
    .map(
      (space) => `${space} ${Math.min(...samples.map((sample) => sample.spacesMb[space] ?? 0)).toFixed(0)}`,
    )
    .join(', ');
  return (
    `minute ${String(minute).padStart(2)}: resident ${floor(samples, 'residentMb').toFixed(0)}, heap used ${floor(samples, 'heapUsedMb').toFixed(0)}, ` +
    `committed ${floor(samples, 'heapTotalMb').toFixed(0)} (${spaces}), Buffers ${floor(samples, 'externalMb').toFixed(0)} MB`
  );
}

/** The lowest of a window of samples: under load memory saws with each collection, its floor is what stays. */
function floor(samples: readonly MemorySample[], key: Exclude<keyof MemorySample, 'spacesMb'>): number {
  return Math.min(...samples.map((sample) => sample[key]));
}

async function main(): Promise<void> {
  process.env.VITRINA_METRICS_TOKEN = METRICS_TOKEN;
  const server = await startBenchServer('load', PORT);
  try {
    const headers = await server.headers();
    // BENCH_KINDS=<comma-separated name prefixes> keeps only those kinds (to find which one slows another).
    const only = process.env.BENCH_KINDS?.split(',').map((name) => name.trim().toLowerCase());
    const kinds = (await mix(server, headers)).filter(
      (kind) => !only || only.some((name) => kind.name.toLowerCase().startsWith(name)),
    );
    // A short warm-up of every kind: first requests compile, fill caches and open pools.
    await Promise.all(kinds.map((kind) => cannon(server.base, kind, 20, 3)));

    console.log(`\nmixed traffic: ${CONNECTIONS} connections for ${DURATION} s`);
    const traces = new Map<string, RequestTrace>();
    const traced = kinds.map((kind) => {
      if (TRACE_MS === null) return kind;
      const trace = requestTrace(kind.name.split(' ')[0]?.toLowerCase() ?? 'kind');
      traces.set(kind.name, trace);
      return { ...kind, requests: kind.requests.map((request) => trace.traced(request)) };
    });
    const countersBefore = tcpCounters();
    const outcomes = await Promise.all(
      traced.map((kind) => cannon(server.base, kind, CONNECTIONS, DURATION)),
    );
    for (const outcome of outcomes) console.log(line(outcome));
    console.log(tcpCountersLine(countersBefore, tcpCounters()));
    const total = outcomes.reduce((sum, o) => sum + o.requestsPerSecond, 0);
    const failures = outcomes.reduce((sum, o) => sum + o.errors + o.non2xx, 0);
    console.log(`${'all'.padEnd(24)} ${total.toFixed(0).padStart(7)} req/s   errors + non-2xx ${failures}`);

    // The same bytes as the cached chart answer from a bare route in this process, same load.
    const chartKind = kinds[0] as Kind;
    const answer = await fetch(`${server.base}/api/v1/chart/data`, {
      method: 'POST',
      headers,
      body: chartKind.requests[0]?.body as string,
    }).then((response) => response.arrayBuffer());
    const bare = Fastify({ logger: false });
    const bytes = Buffer.from(answer);
    bare.post('/api/v1/chart/data', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(bytes),
    );
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const baseline = await cannon(
      bareUrl,
      { ...chartKind, name: 'bare route', share: 1 },
      CONNECTIONS,
      DURATION,
    );
    await bare.close();
    console.log(line(baseline));
    console.log(`mixed total ÷ bare route: ${(total / baseline.requestsPerSecond).toFixed(3)}×`);
    // After the bare run: by now the server has written the mixed run's last log lines to its file.
    for (const trace of traces.values())
      for (const traceLine of trace.report(TRACE_MS ?? 0, process.env.BENCH_SERVER_LOG))
        console.log(traceLine);

    if (SOAK_SECONDS > 0) {
      const connections = Math.max(4, Math.round(CONNECTIONS / 4));
      console.log(`\nsoak: ${connections} connections for ${SOAK_SECONDS} s, memory every 10 s`);
      await sleep(10_000);
      const restingBefore = await memory(server);
      const samples: MemorySample[] = [];
      const soak = Promise.all(kinds.map((kind) => cannon(server.base, kind, connections, SOAK_SECONDS)));
      let done = false;
      void soak.finally(() => {
        done = true;
      });
      while (!done) {
        await sleep(10_000);
        if (!done) samples.push(await memory(server));
        if (samples.length % 6 === 0) console.log(minuteLine(samples.length / 6, samples.slice(-6)));
      }
      const soaked = await soak;
      for (const outcome of soaked) console.log(line(outcome));
      await sleep(20_000);
      const restingAfter = await memory(server);
      // After the first minute the caches, pools and JIT have settled: the floor's growth after it is what leaks.
      const second = samples.slice(6, 12);
      const last = samples.slice(-6);
      const mb = (value: number) => `${value.toFixed(0)} MB`;
      console.log(
        `resident memory: at rest before ${mb(restingBefore.residentMb)}, after ${mb(restingAfter.residentMb)}; ` +
          `under load, floor in the second minute ${mb(floor(second, 'residentMb'))}, in the last ${mb(floor(last, 'residentMb'))}, ` +
          `peak ${mb(Math.max(...samples.map((sample) => sample.residentMb)))}`,
      );
      console.log(
        `heap used: at rest before ${mb(restingBefore.heapUsedMb)}, after ${mb(restingAfter.heapUsedMb)}; ` +
          `under load, floor in the second minute ${mb(floor(second, 'heapUsedMb'))}, in the last ${mb(floor(last, 'heapUsedMb'))}`,
      );
      // Resident = V8's committed heap + Buffers' memory + native memory (engines, allocator): which one grows.
      for (const [label, key] of [
        ['heap committed', 'heapTotalMb'],
        ['external (Buffers)', 'externalMb'],
      ] as const) {
        console.log(
          `${label}: at rest before ${mb(restingBefore[key])}, after ${mb(restingAfter[key])}; ` +
            `under load, floor in the second minute ${mb(floor(second, key))}, in the last ${mb(floor(last, key))}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
