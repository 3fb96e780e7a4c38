import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['packages/server/src/testing/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
    reporters: process.env.VITRINA_TEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITRINA_TEST_JSON }]]
      : ['default'],
  },
});
