import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: '/work/main', include: ['packages/server/src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } });
