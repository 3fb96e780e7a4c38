import type { ChartDataTimings } from '../api/chartData.ts';
import { isRecord } from '../isRecord.ts';

/**
 * Where a chart data answer's time went (api/chartData.ts `ChartDataTimings`): a stopwatch that adds
 * up named phases, and the helpers that put the timings into an encoded answer and read them back.
 * The clock is given (performance.now on the server and in the browser), so all of it is pure.
 */

/** Milliseconds to one decimal: finer than a browser's clock, coarse enough to read. */
export function roundMs(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  return Math.round(ms * 10) / 10;
}

/** Adds up the time spent in each named phase; work in no phase is not counted. */
export class Stopwatch<Phase extends string> {
  private readonly spent = new Map<Phase, number>();

  constructor(private readonly clock: () => number) {}

  now(): number {
    return this.clock();
  }

  /** Runs `work` and counts its time (also when it throws) under `phase`. */
  async time<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    const started = this.clock();
    try {
      return await work();
    } finally {
      this.add(phase, this.clock() - started);
    }
  }

  /** The synchronous `time`. */
  timeSync<T>(phase: Phase, work: () => T): T {
    const started = this.clock();
    try {
      return work();
    } finally {
      this.add(phase, this.clock() - started);
    }
  }

  add(phase: Phase, ms: number): void {
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + Math.max(0, ms));
  }

  /** The time counted under `phase` so far (0 when none). */
  ms(phase: Phase): number {
    return this.spent.get(phase) ?? 0;
  }
}

/** The cache's verdict for several results: a hit only when every one was served from the cache. */
export function overallCache(timings: readonly ChartDataTimings[]): 'hit' | 'miss' {
  return timings.length > 0 && timings.every((each) => each.cache === 'hit') ? 'hit' : 'miss';
}

const isMs = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A result's `timings` when it carries well-formed ones (older servers and other result types do not). */
export function timingsOf(result: unknown): ChartDataTimings | null {
  if (!isRecord(result) || !isRecord(result.timings)) return null;
  const t = result.timings;
  const queue = t.queue_wait_ms;
  if (
    (queue !== null && !isMs(queue)) ||
    !isMs(t.database_ms) ||
    !isMs(t.post_processing_ms) ||
    !isMs(t.serialisation_ms) ||
    !isMs(t.total_ms) ||
    (t.cache !== 'hit' && t.cache !== 'miss')
  ) {
    return null;
  }
  return {
    queue_wait_ms: queue as number | null,
    database_ms: t.database_ms,
    post_processing_ms: t.post_processing_ms,
    serialisation_ms: t.serialisation_ms,
    total_ms: t.total_ms,
    cache: t.cache,
  };
}
