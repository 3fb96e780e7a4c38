import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../http/types.ts';
import { createPlatform } from '../../platform/index.ts';
import { Metrics } from '../../platform/metrics/metrics.ts';
import { type CachedResult, cachedOrRun, chartDataCacheKey, writeCached } from './cache.ts';
import { configureChartData } from './settings.ts';

const platform = createPlatform({ redisUrl: null });
// Only the platform and the configuration are read by the cache.
const ctx = { platform, config: loadConfig({ LOG_LEVEL: 'silent' }), metrics: new Metrics() } as AppContext;
configureChartData(ctx, { lockPollMs: 10, lockWaitMs: 2000 });

afterAll(() => platform.close());

const entry = (value: number): CachedResult => ({
  datasetId: 1,
  rls: '',
  cachedAt: '2024-01-01T00:00:00',
  cacheTimeout: 60,
  result: { data: [{ value }] },
});

describe('chart data cache', () => {
  it('keys differ by SQL, params, post-processing, result type and RLS, not by anything else', () => {
    const base = {
      sql: 'SELECT 1',
      params: ['a'],
      databaseId: 1,
      databaseChangedOn: 't1',
      datasetId: 2,
      datasetChangedOn: 't2',
      postProcessing: [],
      resultType: 'full',
      rls: '',
    };
    const key = chartDataCacheKey(base);
    expect(chartDataCacheKey({ ...base })).toBe(key);
    for (const change of [
      { sql: 'SELECT 2' },
      { params: ['b'] },
      { databaseChangedOn: 't3' },
      { datasetChangedOn: 't3' },
      { postProcessing: [{ operation: 'flatten' }] },
      { resultType: 'samples' },
      { rls: 'rls:abc' },
    ]) {
      expect(chartDataCacheKey({ ...base, ...change })).not.toBe(key);
    }
  });

  it('waits for another server holding the lock and takes its cached value', async () => {
    const lock = await platform.locks.acquire('chart-data:k1', 10_000);
    expect(lock).not.toBeNull();
    const run = vi.fn(async () => entry(2));
    setTimeout(() => void writeCached(ctx, 'k1', entry(1)), 50);
    const result = await cachedOrRun(ctx, 'k1', false, run);
    expect(run).not.toHaveBeenCalled();
    expect(result.entry.result).toEqual({ data: [{ value: 1 }] });
    await lock?.release();
  });

  it('runs it itself when the holder lets the lock go without a value', async () => {
    const lock = await platform.locks.acquire('chart-data:k2', 10_000);
    const run = vi.fn(async () => entry(3));
    setTimeout(() => void lock?.release(), 50);
    const result = await cachedOrRun(ctx, 'k2', false, run);
    expect(run).toHaveBeenCalledTimes(1);
    expect(result.fromCache).toBe(false);
    const again = await cachedOrRun(ctx, 'k2', false, run);
    expect(again.fromCache).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
