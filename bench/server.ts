/**
 * The real server for benchmarks that drive it from outside: `vitrina all` on a temporary data
 * directory with the examples and a copy of the built web app, the admin's API token, and the
 * median that every figure is made of.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN = { username: 'admin', password: 'bench-password' };
export { median } from './measure.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BenchServer {
  base: string;
  /** The server's data directory (its metastore, secret key and example files). */
  dataDir: string;
  headers(): Promise<Record<string, string>>;
  api<T>(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/**
 * A copy of the built web app (BENCH_WEB_DIST, else packages/web/dist): a rebuild of the working tree
 * during the run must not pull the pages from under the browser.
 */
function webSnapshot(dir: string): string {
  const source = process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'packages/web/dist');
  if (!fs.existsSync(path.join(source, 'index.html'))) {
    throw new Error(`no built web app in ${source}: run npm run build -w packages/web first`);
  }
  const copy = path.join(dir, 'web');
  fs.cpSync(source, copy, { recursive: true });
  return copy;
}

/** Starts the server and waits for it and its example charts (they load after it listens). */
export async function startBenchServer(name: string, port: number): Promise<BenchServer> {
  // A server left over from an interrupted run would answer in this one's place, with its own build.
  await assertPortFree(port);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrina-${name}-bench-`));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const serverLog = process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'w') : null;
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_NODE_FLAGS: flags for the server's Node (V8's heap sizing, for example), split at spaces.
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      path.join(ROOT, 'packages/server/bin/vitrina.mjs'),
      'all',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        VITRINA_DATA_DIR: dataDir,
        VITRINA_WEB_DIST: webSnapshot(dir),
        VITRINA_ADMIN_PASSWORD: ADMIN.password,
        // BENCH_SERVER_LOG=<file>: every request's log lines (received, completed with its time) go there.
        LOG_LEVEL: serverLog === null ? 'warn' : 'info',
      },
      stdio: ['ignore', serverLog ?? 'inherit', 'inherit'],
    },
  );
  const headers = async () => {
    const response = await fetch(`${base}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, provider: 'db' }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    const body = (await response.json()) as { access_token: string };
    return { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' };
  };
  const api = async <T>(method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(base, headers, api);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, headers, api, stop };
}

async function assertPortFree(port: number): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is taken (a server left from an earlier run?): stop it first`);
}

async function waitUntilReady(
  base: string,
  headers: BenchServer['headers'],
  api: BenchServer['api'],
): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  while (Date.now() < deadline) {
    const charts = await headers()
      .then((h) => api<{ count: number }>('GET', '/api/v1/chart/?q=(page_size:1)', h))
      .catch(() => ({ count: 0 }));
    if (charts.count > 0) return;
    await sleep(2000);
  }
  throw new Error('the server or its examples did not come up within 15 minutes');
}
