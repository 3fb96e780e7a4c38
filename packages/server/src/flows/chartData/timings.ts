import { performance } from 'node:perf_hooks';
import type { ChartDataTimings } from '@vitrina/common/api/chartData';
import { roundMs, Stopwatch } from '@vitrina/common/query/timings';
import { appendJsonFields, joinJsonBytes } from '../../platform/jsonBytes.ts';
import { encodeWithRawFields } from '../../platform/rawJsonFields.ts';
import type { ResultEntry } from './service.ts';

/**
 * Where a chart data answer's time went (common's `ChartDataTimings` on each query result). Measured
 * with performance.now as the flow runs, no extra work:
 *
 * - database: the driver's calls of a run (the main query and each time offset's), in materialize.ts;
 * - post-processing: the rest of the run on a cache miss — framing the rows, joining time offsets,
 *   post-processing operations, annotation layers (their own queries included), building the entry;
 * - queue wait: for an async job, from enqueueing to a worker starting it (wall clock: the two may be
 *   different processes); null for an answer computed in the request;
 * - serialisation: `JSON.stringify` of this result, which is the encoding the answer is sent with (a
 *   run's result is encoded once, in the run, for the cache and the answer: cache.ts) — the
 *   result is encoded first and its timings are then added to the encoded bytes (appendJsonFields), so
 *   the figure is the real encoding and nothing is encoded twice;
 * - total: the server's time for the answer until this result was encoded (the request's elapsed time
 *   from Fastify's onRequest; for an async result the job's time from enqueueing is added).
 *
 * A result served from the cache has cache 'hit' and database and post-processing 0: it ran nothing.
 */

/** What one run of a query cost; kept with its cached entry, so requests that share the run see it. */
export interface RunPhases {
  database_ms: number;
  post_processing_ms: number;
}

/** What a result cost before it is encoded. */
export interface ServedPhases extends RunPhases {
  cache: 'hit' | 'miss';
  queue_wait_ms: number | null;
  /** Server time spent on this answer before the request that sends it (an async job's). */
  before_ms: number;
}

/** A result and what it cost; phases is null for result types that run nothing (query, columns…). */
export interface TimedEntry {
  entry: ResultEntry;
  phases: ServedPhases | null;
  /**
   * The result's JSON bytes when it was served as stored (a cache hit never decoded, service.ts
   * storedHit); `entry` then holds only its `rowcount`.
   */
  stored?: Buffer;
  /** `JSON.stringify(entry)` as bytes, already made by the run (shared with the cache), and what it took. */
  encoded?: { bytes: Buffer; ms: number };
}

export const HIT_PHASES: ServedPhases = {
  cache: 'hit',
  queue_wait_ms: null,
  database_ms: 0,
  post_processing_ms: 0,
  before_ms: 0,
};

/** A stopwatch on the server's monotonic clock. */
export function serverStopwatch<Phase extends string>(): Stopwatch<Phase> {
  return new Stopwatch<Phase>(() => performance.now());
}

/** The phases of a result: a hit ran nothing; a miss cost what its run cost. */
export function servedPhases(fromCache: boolean, run: RunPhases | undefined): ServedPhases {
  if (fromCache) return HIT_PHASES;
  return {
    cache: 'miss',
    queue_wait_ms: null,
    database_ms: run?.database_ms ?? 0,
    post_processing_ms: run?.post_processing_ms ?? 0,
    before_ms: 0,
  };
}

export interface EncodedResults {
  /** Each result's JSON (UTF-8 bytes), with its timings when it has phases. */
  texts: Buffer[];
  /** Each result's timings (null for results without phases). */
  timings: Array<ChartDataTimings | null>;
}

/**
 * Encodes each result and adds its timings. `elapsedMs` is the request's server time so far, read
 * after each result's encoding for its total.
 */
export function encodeTimedResults(results: readonly TimedEntry[], elapsedMs: () => number): EncodedResults {
  const texts: Buffer[] = [];
  const timings: Array<ChartDataTimings | null> = [];
  for (const { entry, phases, stored, encoded } of results) {
    const started = performance.now();
    const bytes = stored ?? encoded?.bytes ?? encodeWithRawFields(entry);
    const serialisation = encoded?.ms ?? performance.now() - started;
    if (!phases) {
      texts.push(bytes);
      timings.push(null);
      continue;
    }
    const measured: ChartDataTimings = {
      queue_wait_ms: phases.queue_wait_ms === null ? null : roundMs(phases.queue_wait_ms),
      database_ms: roundMs(phases.database_ms),
      post_processing_ms: roundMs(phases.post_processing_ms),
      serialisation_ms: roundMs(serialisation),
      total_ms: roundMs(phases.before_ms + elapsedMs()),
      cache: phases.cache,
    };
    texts.push(appendJsonFields(bytes, `"timings":${JSON.stringify(measured)}`));
    timings.push(measured);
  }
  return { texts, timings };
}

/** `{"result":[…]}` from encoded results, as the bytes sent (Fastify sends a Buffer as it is). */
export function resultBody(texts: readonly Buffer[]): Buffer {
  return joinJsonBytes('{"result":[', texts, ']}');
}
