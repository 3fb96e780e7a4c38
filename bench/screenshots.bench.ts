/**
 * Benchmark: a report's picture of a dashboard against the time the same dashboard takes to draw in
 * the same browser, and the memory of a worker taking ten pictures in a row.
 *
 *   npm run build -w packages/web && npx tsx bench/screenshots.bench.ts        (BENCH_RUNS=5)
 *
 * Starts the real server (`vitrina all`, examples loaded) and, in this process, the screenshotter a
 * worker uses (flows/screenshots) on the server's metastore, with one shared Chromium. Baseline: a
 * signed-in page of the example dashboard with the most charts, in report mode, until the page says
 * every chart has drawn (`data-drawn="true"`). Subject: the screenshotter's PNG and PDF of that
 * dashboard (a render pass, the page, the wait, the capture). Runs interleave after a warm-up; a
 * figure is median(subject) / median(baseline). Then ten PNGs in a row, printing this process's RSS
 * and Chromium's (every process under this one) before, at the peak and after.
 */
import fs from 'node:fs';
import { loadConfig } from '../packages/server/src/config.ts';
import { chromiumScreenshotter, SharedBrowser } from '../packages/server/src/flows/screenshots/index.ts';
import { loadPrincipal } from '../packages/server/src/security/principal.ts';
import { closeContext, openContext } from '../packages/server/src/startup.ts';
import { ADMIN, median, startBenchServer } from './server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 8198);
const WIDTH = 1600;
const HEIGHT = 1200;
const TIMEOUT_MS = 120_000;

/** RSS in MB of every process below this one (Chromium's browser, renderer and GPU processes). */
function childrenRssMb(): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      rss.set(Number(entry), (Number(fields[21]) * 4096) / 1024 / 1024);
    } catch {
      // the process ended while being read
    }
  }
  const below = (pid: number): boolean => {
    for (let parent = parents.get(pid); parent && parent > 1; parent = parents.get(parent)) {
      if (parent === process.pid) return true;
    }
    return false;
  };
  let total = 0;
  for (const [pid, mb] of rss) if (below(pid)) total += mb;
  return total;
}

const ownRssMb = () => process.memoryUsage().rss / 1024 / 1024;
const mb = (value: number) => `${value.toFixed(0)} MB`;

async function main() {
  const server = await startBenchServer('screenshots', PORT);
  const browser = new SharedBrowser(process.env.VITRINA_CHROMIUM ?? '/usr/bin/chromium');
  const config = loadConfig({
    ...process.env,
    VITRINA_DATA_DIR: server.dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    VITRINA_LOAD_EXAMPLES: 'false',
    LOG_LEVEL: 'silent',
  });
  const ctx = await openContext(config);
  const screenshots = chromiumScreenshotter(() => ctx, browser);
  try {
    const headers = await server.headers();
    const { result } = await server.api<{ result: Array<{ id: number; dashboard_title: string }> }>(
      'GET',
      '/api/v1/dashboard/?q=(page_size:100)',
      headers,
    );
    const counted = await Promise.all(
      result.map(async (dashboard) => ({
        ...dashboard,
        charts: (
          await server.api<{ result: unknown[] }>('GET', `/api/v1/dashboard/${dashboard.id}/charts`, headers)
        ).result.length,
      })),
    );
    const dashboard = counted.sort((a, b) => b.charts - a.charts)[0];
    if (!dashboard) throw new Error('no example dashboard');
    const admin = await ctx.metastore.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    const principal = (await loadPrincipal(ctx.metastore.db, admin.id))!;
    console.log(
      `screenshots bench: "${dashboard.dashboard_title}" (${dashboard.charts} charts), ${WIDTH}×${HEIGHT}, BENCH_RUNS=${RUNS}`,
    );

    const pageContext = await (await browser.get()).newContext({
      viewport: { width: WIDTH, height: HEIGHT },
    });
    await pageContext.addInitScript('globalThis.__VITRINA_SCREENSHOT__ = true;');
    const login = await pageContext.request.post(`${server.base}/login/`, {
      form: { username: ADMIN.username, password: ADMIN.password },
      maxRedirects: 0,
    });
    if (login.status() >= 400) throw new Error(`browser login failed: ${login.status()}`);

    const draw = async () => {
      const page = await pageContext.newPage();
      const started = performance.now();
      await page.goto(`${server.base}/superset/dashboard/${dashboard.id}/?standalone=3`);
      await page.locator('[data-drawn="true"]').waitFor({ timeout: TIMEOUT_MS });
      const ms = performance.now() - started;
      await page.close();
      return ms;
    };
    const picture = async (format: 'png' | 'pdf') => {
      const started = performance.now();
      await screenshots.capture(principal, {
        subject: { kind: 'dashboard', id: dashboard.id },
        format,
        width: WIDTH,
        height: HEIGHT,
        timeoutMs: TIMEOUT_MS,
      });
      return performance.now() - started;
    };

    // Warm-up: the browser, the server's caches and the page's scripts.
    await draw();
    await picture('png');
    const times = { draw: [] as number[], png: [] as number[], pdf: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      times.draw.push(await draw());
      times.png.push(await picture('png'));
      times.pdf.push(await picture('pdf'));
    }
    const base = median(times.draw);
    for (const format of ['png', 'pdf'] as const) {
      const subject = median(times[format]);
      console.log(
        `${format.toUpperCase()} picture / drawing the dashboard: ${(subject / base).toFixed(2)}× (${subject.toFixed(0)} ms vs ${base.toFixed(0)} ms)`,
      );
    }
    await pageContext.close();

    const before = { own: ownRssMb(), chromium: childrenRssMb() };
    const peak = { ...before };
    for (let index = 0; index < 10; index++) {
      await picture('png');
      peak.own = Math.max(peak.own, ownRssMb());
      peak.chromium = Math.max(peak.chromium, childrenRssMb());
    }
    const after = { own: ownRssMb(), chromium: childrenRssMb() };
    console.log(
      `ten PNGs in a row — worker RSS: ${mb(before.own)} before, ${mb(peak.own)} peak, ${mb(after.own)} after (${mb(after.own - before.own)} rise); Chromium: ${mb(before.chromium)} before, ${mb(peak.chromium)} peak, ${mb(after.chromium)} after`,
    );
  } finally {
    await screenshots.close();
    await closeContext(ctx);
    await server.stop();
  }
}

await main();
