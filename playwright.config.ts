import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Fixed ports away from the default 8088, so a running `npm start` does not get in the way. */
const FIRST_PORT = Number(process.env.VITRINA_E2E_PORT ?? 8188);

/**
 * One server per worker, each on its own port and empty data directory, so journeys of one worker never
 * see what another creates. A worker keeps about one core busy (its browser and its server; a journey
 * mostly waits on the page), so a two-core machine runs two: measured on five spec files, 225 s with one
 * worker and 151 s with two; three were no faster. VITRINA_E2E_WORKERS sets the number.
 */
const WORKERS = Math.max(
  1,
  // A worker's server and browser hold about 1 GB between them: no more than six unless asked.
  Number(process.env.VITRINA_E2E_WORKERS ?? Math.min(availableParallelism(), 6)),
);

// Every run starts from empty metadata stores: first start creates the admin and the examples.
// Workers load this file again; the environment variable makes them agree on the directories.
process.env.VITRINA_E2E_DATA_DIR ??= path.resolve('.test-output', `e2e-data-${Date.now()}`);
const dataRoot = process.env.VITRINA_E2E_DATA_DIR;

function serverFor(workerIndex: number) {
  const port = FIRST_PORT + workerIndex;
  const dataDir = path.join(dataRoot, `worker-${workerIndex}`);
  mkdirSync(dataDir, { recursive: true });
  return {
    command: 'node packages/server/bin/vitrina.mjs all',
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      VITRINA_DATA_DIR: dataDir,
      VITRINA_ADMIN_PASSWORD: 'admin',
      LOG_LEVEL: 'warn',
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: '.test-output/e2e-artifacts',
  // Journeys are independent (unique names, nothing shared but the examples), so one spec file's
  // journeys spread over the workers instead of the longest file setting the run's length.
  fullyParallel: true,
  workers: WORKERS,
  // In CI a journey gets one more try and reports as flaky when that passes (counted, listed by name);
  // a real defect fails both tries. Locally a failure stops at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Slow shared CI machines take several seconds to load a lazy screen the first time.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.test-output/e2e.json' }]],
  use: {
    // Each worker talks to its own server (e2e/fixtures.ts picks it by parallelIndex).
    baseURL: `http://127.0.0.1:${FIRST_PORT}`,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    screenshot: 'only-on-failure',
    // Recorded on a retry only: tracing every journey kept the browser painting screencast frames for
    // it, a quarter of the journeys' CPU (explore.spec.ts: 137 CPU-s with, 100 without).
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's Chromium headless shell (scripts/ensure-chromium.mjs installs it): a test tool here must never
      // download its own browser, and the shell runs journeys about a third faster than the full browser.
      executablePath: process.env.E2E_BROWSER ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => serverFor(index)),
});
