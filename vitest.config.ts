import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
