import { describe, expect, it } from 'vitest';
import { overallCache, roundMs, Stopwatch, timingsOf } from './timings.ts';

/** A clock that moves only when told to. */
function manualClock() {
  let now = 0;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

const TIMINGS = {
  queue_wait_ms: null,
  database_ms: 12.5,
  post_processing_ms: 1.2,
  serialisation_ms: 0.3,
  total_ms: 20,
  cache: 'miss',
} as const;

describe('Stopwatch', () => {
  it('adds up the time of each phase, also of work that throws', async () => {
    const { clock, advance } = manualClock();
    const watch = new Stopwatch<'database' | 'encode'>(clock);
    await watch.time('database', async () => advance(10));
    await watch.time('database', async () => advance(5));
    await expect(
      watch.time('database', async () => {
        advance(2);
        throw new Error('query failed');
      }),
    ).rejects.toThrow('query failed');
    const encoded = watch.timeSync('encode', () => {
      advance(3);
      return 'text';
    });
    expect(encoded).toBe('text');
    expect(watch.ms('database')).toBe(17);
    expect(watch.ms('encode')).toBe(3);
  });

  it('counts nothing for a phase that never ran, and never a negative time', () => {
    const watch = new Stopwatch<'database'>(() => 0);
    watch.add('database', -4);
    expect(watch.ms('database')).toBe(0);
  });
});

describe('roundMs', () => {
  it('keeps one decimal and turns what is not a duration into 0', () => {
    expect(roundMs(12.345)).toBe(12.3);
    expect(roundMs(0.04)).toBe(0);
    expect(roundMs(-3)).toBe(0);
    expect(roundMs(Number.NaN)).toBe(0);
  });
});

describe('overallCache', () => {
  it('is a hit only when every result came from the cache', () => {
    expect(overallCache([{ ...TIMINGS, cache: 'hit' }])).toBe('hit');
    expect(overallCache([{ ...TIMINGS, cache: 'hit' }, TIMINGS])).toBe('miss');
    expect(overallCache([])).toBe('miss');
  });
});

describe('timingsOf', () => {
  it('reads well-formed timings from a result', () => {
    expect(timingsOf({ data: [], timings: TIMINGS })).toEqual(TIMINGS);
    expect(timingsOf({ timings: { ...TIMINGS, queue_wait_ms: 4 } })?.queue_wait_ms).toBe(4);
  });

  it('answers null for results without timings or with malformed ones', () => {
    expect(timingsOf({ data: [] })).toBeNull();
    expect(timingsOf(null)).toBeNull();
    expect(timingsOf({ timings: { ...TIMINGS, cache: 'maybe' } })).toBeNull();
    expect(timingsOf({ timings: { ...TIMINGS, database_ms: '12' } })).toBeNull();
  });
});
