import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const WEB_TESTS = 'packages/web/src/**/*.test.{ts,tsx}';

/**
 * Test files that replace modules with vi.mock: they need a module registry of their own, so they run
 * isolated; every other web file shares its worker's jsdom and imports, which takes the web suite from
 * about 520 s to 200 s of summed time (a fresh jsdom and antd import cost ~4 s a file).
 */
function filesMockingModules(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${root}/${file}`)
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
}
const isolatedWebFiles = filesMockingModules('packages/web/src');
const isolatedServerFiles = filesMockingModules('packages/server/src');

/** What every server test file runs with, shared or isolated. */
const SERVER_SETTINGS = {
  environment: 'node',
  setupFiles: ['packages/server/src/testing/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // Vitest's default leaves one core free: on a two-core CI machine that ran every file one by one.
    // Test files wait on databases and timers much of the time, so one worker per core keeps both busy.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'common',
          include: ['packages/common/src/**/*.test.ts'],
          environment: 'node',
          // Pure functions without module mocks: files share their worker's imports.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: isolatedServerFiles,
          ...SERVER_SETTINGS,
          // Files share their worker's imports (the app, its routes and drivers: about a second a file);
          // what one file changes of the process is put back for the next.
          isolate: false,
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: isolatedServerFiles,
          ...SERVER_SETTINGS,
        },
      },
      {
        test: {
          name: 'web',
          include: [WEB_TESTS],
          exclude: isolatedWebFiles,
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-isolated',
          include: isolatedWebFiles,
          environment: 'jsdom',
        },
      },
    ],
    reporters: process.env.VITRINA_TEST_JSON
      ? [
          'default',
          ['json', { outputFile: process.env.VITRINA_TEST_JSON }],
          './scripts/unhandledErrorsReporter.mjs',
        ]
      : ['default'],
  },
});
