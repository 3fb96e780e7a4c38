import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** A fixed port away from the default 8088, so a running `npm start` does not get in the way. */
const PORT = 8188;
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Every run starts from an empty metadata store: first start creates the admin and the examples.
// Workers load this file again; the environment variable makes them agree on one directory.
process.env.VITRINA_E2E_DATA_DIR ??= path.resolve('.test-output', `e2e-data-${Date.now()}`);
const dataDir = process.env.VITRINA_E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: '.test-output/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  // In CI a journey gets one more try and reports as flaky when that passes (counted, listed by name);
  // a real defect fails both tries. Locally a failure stops at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Slow shared CI machines take several seconds to load a lazy screen the first time.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.test-output/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: a test tool here must never download its own browser.
      executablePath: '/usr/bin/chromium',
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
  webServer: {
    command: 'node packages/server/bin/vitrina.mjs all',
    url: `${BASE_URL}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      VITRINA_DATA_DIR: dataDir,
      VITRINA_ADMIN_PASSWORD: 'admin',
      LOG_LEVEL: 'warn',
    },
  },
});
