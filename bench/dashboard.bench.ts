/**
 * Benchmark: a 30-chart dashboard opened in headless Chromium, its charts' data in one streamed request
 * (`POST /api/v1/dashboard/{id}/chart_data`) against one request per chart (`?dashboard_batching=0`).
 *
 *   npm run build -w packages/web && npx tsx bench/dashboard.bench.ts        (BENCH_RUNS=5)
 *   BENCH_TRACE=1 npx tsx bench/dashboard.bench.ts     (one warm load's request timeline instead)
 *   BENCH_JS_ONLY=1 npx tsx bench/dashboard.bench.ts   (only the JavaScript before the first chart;
 *                                                       BENCH_JS_ONLY=all lists every script)
 *
 * Starts the real server (`vitrina all`, a copy of the built web app) on a temporary data directory with the
 * examples, creates a published dashboard of 30 charts over the example `sales` table (every example
 * chart type, the rest copies with another row limit, so the queries differ), then opens it until every
 * chart has drawn (no container `loading`, and the canvas's `data-drawn="true"`, viz/drawnSignal.ts), counting the
 * page's chart data requests. Two cases: cold (`?force=true`, every query runs) and warm (cached
 * results). Batched and per-chart loads run interleaved after a warm-up of each; a figure is
 * median(batched) / median(per-chart). Absolute times, in brackets, are for context only. First, the
 * JavaScript a first visit transfers before its first chart draws (issue 21: under 700 KB compressed);
 * last, the cold batched load against the slowest of its charts drawn alone (issue 21: ≤ 1.5×).
 */
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { ADMIN, type BenchServer, median, startBenchServer } from './server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHARTS = 30;
const PORT = Number(process.env.BENCH_PORT ?? 8197);
const BASE = `http://127.0.0.1:${PORT}`;
let server: BenchServer;
const api = <T>(method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  server.api<T>(method, url, headers, body);

interface ChartRow {
  id: number;
  slice_name: string;
  viz_type: string;
  params: string;
  datasource_id: number;
  datasource_type: string;
}

/** The example charts over `sales`: one of every chart type. */
async function exampleCharts(headers: Record<string, string>): Promise<ChartRow[]> {
  const q = encodeURIComponent(
    '(page_size:100,order_column:id,order_direction:asc,columns:!(id,slice_name,viz_type,params,datasource_id,datasource_type))',
  );
  const list = await api<{ result: ChartRow[] }>('GET', `/api/v1/chart/?q=${q}`, headers);
  return list.result;
}

async function newDashboard(headers: Record<string, string>, title: string): Promise<number> {
  const dashboard = await api<{ id: number }>('POST', '/api/v1/dashboard/', headers, {
    dashboard_title: title,
    published: true,
  });
  return dashboard.id;
}

/** A copy of an example chart on the dashboard, with another row limit when given (another query). */
async function addChart(
  headers: Record<string, string>,
  dashboardId: number,
  source: ChartRow,
  name: string,
  rowLimit?: number,
): Promise<void> {
  const params = JSON.parse(source.params) as Record<string, unknown>;
  if (rowLimit !== undefined) params.row_limit = rowLimit;
  await api('POST', '/api/v1/chart/', headers, {
    slice_name: name,
    viz_type: source.viz_type,
    datasource_id: source.datasource_id,
    datasource_type: source.datasource_type,
    params: JSON.stringify(params),
    dashboards: [dashboardId],
  });
}

/** A published dashboard of CHARTS charts: the example charts, then copies with other row limits. */
async function createDashboard(headers: Record<string, string>, sources: ChartRow[]): Promise<number> {
  const dashboardId = await newDashboard(headers, 'Dashboard benchmark');
  for (let i = 0; i < CHARTS; i++) {
    const source = sources[i % sources.length]!;
    const round = Math.floor(i / sources.length);
    await addChart(
      headers,
      dashboardId,
      source,
      `${source.slice_name} #${i + 1}`,
      round > 0 ? 1000 + round * 7 : undefined,
    );
  }
  return dashboardId;
}

/**
 * The slowest of the dashboard's charts drawn alone, cold: each example chart (the copies differ only in
 * their row limit) on a dashboard of its own, opened with `?force=true`, the better of two loads.
 */
async function slowestChartAlone(
  context: BrowserContext,
  headers: Record<string, string>,
  sources: ChartRow[],
): Promise<{ ms: number; name: string }> {
  let slowest = { ms: 0, name: '' };
  for (const source of sources) {
    const dashboardId = await newDashboard(headers, `Alone: ${source.slice_name}`);
    await addChart(headers, dashboardId, source, source.slice_name);
    const url = `${BASE}/superset/dashboard/${dashboardId}/?force=true`;
    const ms = Math.min((await load(context, url, 1)).ms, (await load(context, url, 1)).ms);
    if (ms > slowest.ms) slowest = { ms, name: source.slice_name };
  }
  return slowest;
}

interface Load {
  ms: number;
  requests: number;
  rendered: number;
  failed: number;
}

const CHART_DATA_REQUEST = /\/api\/v1\/(chart\/data|dashboard\/[^/]+\/chart_data)/;

/**
 * Waits until the page shows every chart drawn: all CHARTS containers there, none loading, and the
 * dashboard's own drawn signal (viz/drawnSignal.ts: every ECharts canvas finished its frame, no chart
 * type's code still loading). Data having arrived is not enough: drawing is most of a warm load.
 */
function everyChartDrawn(page: Page, expected = CHARTS): Promise<unknown> {
  return page.waitForFunction(
    (expected) => {
      // Runs in the page; typed here by hand, as the bench compiles without the DOM library.
      type Element = { getAttribute(name: string): string | null };
      const page = globalThis as unknown as {
        document: {
          querySelectorAll(selector: string): ArrayLike<Element>;
          querySelector(selector: string): Element | null;
        };
      };
      const containers = Array.from(page.document.querySelectorAll('[data-test="chart-container"]'));
      return (
        containers.length >= expected &&
        containers.every((container) => container.getAttribute('data-chart-status') !== 'loading') &&
        page.document.querySelector('.dashboard-canvas[data-drawn="true"]') !== null
      );
    },
    expected,
    { timeout: 300_000, polling: 20 },
  );
}

/** Opens the dashboard in a fresh page until every chart has drawn. */
async function load(context: BrowserContext, url: string, charts = CHARTS): Promise<Load> {
  const page = await context.newPage();
  let requests = 0;
  page.on('request', (request) => {
    if (CHART_DATA_REQUEST.test(request.url())) requests++;
  });
  const started = performance.now();
  await page.goto(url);
  await everyChartDrawn(page, charts);
  const ms = performance.now() - started;
  const statuses = await page.$$eval('[data-test="chart-container"]', (containers) =>
    containers.map((container) => container.getAttribute('data-chart-status')),
  );
  await page.close();
  return {
    ms,
    requests,
    rendered: statuses.filter((status) => status === 'rendered').length,
    failed: statuses.filter((status) => status === 'failed').length,
  };
}

/**
 * The JavaScript a first visit transfers (compressed, as sent) before the first chart has drawn: a
 * fresh browser context with an empty cache opens the dashboard; every script that finished loading
 * by the time the first chart container shows drawn counts.
 */
async function javascriptBeforeFirstChart(
  browser: Browser,
  dashboardId: number,
): Promise<Array<{ name: string; bytes: number }>> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-US' });
  await logIn(context);
  const page = await context.newPage();
  const scripts: Array<Promise<{ name: string; at: number; bytes: number }>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const at = performance.now();
    const name = request.url().replace(/.*\//, '');
    scripts.push(request.sizes().then((sizes) => ({ name, at, bytes: sizes.responseBodySize })));
  });
  await page.goto(`${BASE}/superset/dashboard/${dashboardId}/`);
  await page.waitForSelector(
    '[data-test="chart-container"][data-chart-status="rendered"] [data-echarts-drawn="true"]',
    {
      timeout: 300_000,
    },
  );
  const firstDrawn = performance.now();
  const loaded = await Promise.all(scripts);
  await context.close();
  return loaded
    .filter((script) => script.at <= firstDrawn)
    .map(({ name, bytes }) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes);
}

async function logIn(context: BrowserContext): Promise<void> {
  const login = await context.request.post(`${BASE}/login/`, {
    form: { username: ADMIN.username, password: ADMIN.password },
    maxRedirects: 0,
  });
  if (login.status() >= 400) throw new Error(`browser login failed: ${login.status()}`);
}

/** Batched against per-chart loads of the dashboard; answers the batched median (ms). */
async function measure(context: BrowserContext, dashboardId: number, force: boolean): Promise<number> {
  const url = (batching: boolean) =>
    `${BASE}/superset/dashboard/${dashboardId}/?${force ? 'force=true&' : ''}${batching ? '' : 'dashboard_batching=0'}`;
  await load(context, url(true));
  await load(context, url(false));
  const batched: Load[] = [];
  const perChart: Load[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Alternate which goes first, so neither always meets the other's leftovers.
    if (run % 2 === 0) {
      batched.push(await load(context, url(true)));
      perChart.push(await load(context, url(false)));
    } else {
      perChart.push(await load(context, url(false)));
      batched.push(await load(context, url(true)));
    }
  }
  const b = median(batched.map((run) => run.ms));
  const p = median(perChart.map((run) => run.ms));
  const last = (loads: Load[]) => loads[loads.length - 1]!;
  const label = force ? 'cold (force=true)' : 'warm (cached)   ';
  console.log(
    `${label}: batched / per-chart = ${(b / p).toFixed(2)}  [${b.toFixed(0)} ms vs ${p.toFixed(0)} ms]; ` +
      `chart data requests ${last(batched).requests} vs ${last(perChart).requests}; ` +
      `rendered ${last(batched).rendered}/${CHARTS} vs ${last(perChart).rendered}/${CHARTS}`,
  );
  if (last(batched).requests >= CHARTS) {
    console.log(
      '  (the batched page made one request per chart: is the web app built with the batching fetcher?)',
    );
  }
  return b;
}

/**
 * BENCH_TRACE=1: one warm load with every request's start and end (ms from navigation), to see what
 * the page waits on before its charts' data is asked for.
 */
async function trace(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const t0 = performance.now();
  const at = () => (performance.now() - t0).toFixed(0).padStart(5);
  page.on('request', (request) =>
    console.log(`${at()} > ${request.method()} ${request.url().replace(BASE, '')}`),
  );
  page.on('requestfinished', (request) => console.log(`${at()} < ${request.url().replace(BASE, '')}`));
  await page.goto(url);
  await everyChartDrawn(page);
  console.log(`${at()} every chart drawn`);
  await page.close();
}

async function main() {
  console.log(`dashboard bench: ${CHARTS} charts, BENCH_RUNS=${RUNS}`);
  server = await startBenchServer('dashboard', PORT);
  let browser: Browser | undefined;
  try {
    const headers = await server.headers();
    const sources = await exampleCharts(headers);
    const dashboardId = await createDashboard(headers, sources);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-US' });
    await logIn(context);
    if (process.env.BENCH_TRACE) {
      await load(context, `${BASE}/superset/dashboard/${dashboardId}/`);
      await trace(context, `${BASE}/superset/dashboard/${dashboardId}/`);
      return;
    }
    const javascript = await javascriptBeforeFirstChart(browser, dashboardId);
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    const total = javascript.reduce((sum, script) => sum + script.bytes, 0);
    console.log(`JavaScript before the first chart drew (first visit, compressed): ${kb(total)}`);
    console.log(
      `  largest: ${javascript
        .slice(0, process.env.BENCH_JS_ONLY === 'all' ? undefined : 8)
        .map((script) => `${script.name} ${kb(script.bytes)}`)
        .join(', ')}`,
    );
    // BENCH_JS_ONLY=1: the JavaScript figure alone (while working on the bundle).
    if (process.env.BENCH_JS_ONLY) return;
    const coldDrawn = await measure(context, dashboardId, true);
    await measure(context, dashboardId, false);
    const slowest = await slowestChartAlone(context, headers, sources);
    console.log(
      `all drawn (cold, one request) / slowest chart alone (cold) = ${(coldDrawn / slowest.ms).toFixed(2)}  ` +
        `[${coldDrawn.toFixed(0)} ms vs ${slowest.ms.toFixed(0)} ms, "${slowest.name}"] (issue 21: ≤ 1.5)`,
    );
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
