import { describe, expect, it } from 'vitest';
import { knownInterval, periodicRefreshSchedule } from './refreshSchedule.ts';

describe('periodicRefreshSchedule', () => {
  it('spreads the charts over the default stagger time when the interval is short', () => {
    expect(periodicRefreshSchedule([1, 2, 3], {}, 10)).toEqual([
      { chartId: 1, delayMs: 0 },
      { chartId: 2, delayMs: 2500 },
      { chartId: 3, delayMs: 5000 },
    ]);
  });

  it('uses a fifth of a long interval when it is longer than the stagger time', () => {
    // 300 s → 60 000 ms spread over 4 charts: one every 20 000 ms.
    expect(periodicRefreshSchedule([5, 6, 7, 8], { stagger_time: 1000 }, 300).map((s) => s.delayMs)).toEqual([
      0, 20000, 40000, 60000,
    ]);
  });

  it('honours a stagger_time above the default', () => {
    expect(periodicRefreshSchedule([1, 2], { stagger_time: 12000 }, 10)).toEqual([
      { chartId: 1, delayMs: 0 },
      { chartId: 2, delayMs: 12000 },
    ]);
  });

  it('refreshes all at once when stagger_refresh is false', () => {
    expect(periodicRefreshSchedule([1, 2, 3], { stagger_refresh: false }, 60).map((s) => s.delayMs)).toEqual([
      0, 0, 0,
    ]);
  });

  it('skips the timed-refresh-immune charts', () => {
    expect(periodicRefreshSchedule([1, 2, 3], { timed_refresh_immune_slices: [2] }, 10)).toEqual([
      { chartId: 1, delayMs: 0 },
      { chartId: 3, delayMs: 5000 },
    ]);
  });

  it('refreshes a single chart at once', () => {
    expect(periodicRefreshSchedule([4], {}, 10)).toEqual([{ chartId: 4, delayMs: 0 }]);
    expect(periodicRefreshSchedule([], {}, 10)).toEqual([]);
  });
});

describe('knownInterval', () => {
  it('keeps a known choice and maps others to the nearest', () => {
    expect(knownInterval(300)).toBe(300);
    expect(knownInterval(undefined)).toBe(0);
    expect(knownInterval(-5)).toBe(0);
    expect(knownInterval(50)).toBe(60);
  });
});
