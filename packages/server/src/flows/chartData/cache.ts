import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../http/types.ts';
import type { JsonValue } from '../../platform/json.ts';
import { encodeWithRawFields } from '../../platform/rawJsonFields.ts';
import { chartDataSettings } from './settings.ts';
import type { RunPhases } from './timings.ts';

/**
 * Chart data caching. The key is a digest of what decides the answer — the compiled SQL and its
 * parameters, the database (id and changed_on), the dataset (id and changed_on), the post-processing,
 * the time offsets, the result type and the row-level security part — and not of the user (unless
 * annotation layers were read as them): people without row-level security share results. Identical concurrent requests run once: in this process through a map of
 * in-flight promises, across servers through a short lock while the others poll for the cached value
 * (and run it themselves when the holder takes too long).
 */

export interface CacheKeyInput {
  sql: string;
  params: readonly unknown[];
  databaseId: number;
  databaseChangedOn: string;
  datasetId: number;
  datasetChangedOn: string;
  /** A SQL Lab query or saved query charted as a datasource: its id is not a dataset's. */
  datasourceType?: 'query' | 'saved_query';
  postProcessing: unknown;
  resultType: string;
  rls: string;
  /** time_offsets: their results are joined into the entry. */
  timeOffsets?: readonly string[];
  /** Annotation layers run for the entry, with the user they were read as. */
  annotations?: unknown;
  /** The applied and rejected filters the entry reports: the same SQL can come with different ones. */
  filterStatus?: unknown;
}

export function chartDataCacheKey(input: CacheKeyInput): string {
  const canonical = JSON.stringify([
    'chart-data/v1',
    input.sql,
    input.params.map((p) => (typeof p === 'bigint' ? p.toString() : p)),
    input.databaseId,
    input.databaseChangedOn,
    input.datasetId,
    input.datasetChangedOn,
    input.postProcessing,
    input.resultType,
    input.rls,
    input.timeOffsets ?? [],
    input.annotations ?? null,
    input.filterStatus ?? null,
    // Only for the SQL Lab types, so the keys of datasets stay as they were.
    ...(input.datasourceType ? [input.datasourceType] : []),
  ]);
  // 32 hex characters, as Superset's md5 keys look.
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

/** What a cached entry holds: the result, the dataset it came from (access is re-checked) and when. */
export interface CachedResult {
  datasetId: number;
  /** Set when `datasetId` is a SQL Lab query's or a saved query's id (the entry's access is theirs). */
  datasourceType?: 'query' | 'saved_query';
  /** The row-level security part of the key: a reader by cache key must have the same. */
  rls: string;
  /** Set when the entry holds data read as one user (annotation layers): only they may replay it. */
  userId?: number;
  cachedAt: string;
  cacheTimeout: number | null;
  result: { [key: string]: JsonValue };
  /** What the run that made the entry cost (timings.ts): requests sharing that run report it. */
  phases?: RunPhases;
}

const storageKey = (key: string): string => `chart-data:${key}`;

export async function readCached(ctx: AppContext, key: string): Promise<CachedResult | undefined> {
  const stored = await ctx.platform.cache.get<CachedResult & JsonValue>(storageKey(key));
  if (!stored) return undefined;
  // The layout's own fields (writeCached) are not the entry's.
  const { v: _layout, rows: _rows, ...entry } = stored as CachedResult & { v?: number; rows?: number };
  return entry;
}

/**
 * Cache lifetime as Superset decides it: custom_cache_timeout, else the dataset's, else the database's,
 * else the default. 0 keeps it until evicted (flask-caching's 0); a negative value does not cache.
 */
export function cacheTimeoutSeconds(
  ctx: AppContext,
  custom: number | null,
  dataset: number | null,
  database: number | null,
): number {
  return custom ?? dataset ?? database ?? chartDataSettings(ctx).defaultCacheTimeoutSeconds;
}

/**
 * The stored layout: `{"v":2, …the rest…, "rows": n, "result": {…}}`, the result last, so a reader that
 * sends it on as it is (readCachedBytes) finds it without decoding the entry. Entries written before
 * have no `v` and are read the long way.
 */
const LAYOUT = '{"v":2,';
const RESULT_FIELD = ',"result":';

/** A result's JSON (UTF-8 bytes) and how long encoding it took (the answer's serialisation time). */
export interface EncodedResult {
  bytes: Buffer;
  ms: number;
}

/** Runs' results already encoded: the cache and the answer share the bytes of a large result. */
const encodedResults = new WeakMap<CachedResult, EncodedResult>();

/** Encodes the entry's result once, for writeCached and the answer (service.ts) to share. */
export function encodeResult(entry: CachedResult): EncodedResult {
  const started = performance.now();
  const bytes = encodeWithRawFields(entry.result);
  const encoded = { bytes, ms: performance.now() - started };
  encodedResults.set(entry, encoded);
  return encoded;
}

/** The entry's result as encoded by encodeResult, when it was (a run's entry, not a cache read). */
export function encodedResultOf(entry: CachedResult): EncodedResult | undefined {
  return encodedResults.get(entry);
}

export async function writeCached(ctx: AppContext, key: string, entry: CachedResult): Promise<void> {
  const ttl = entry.cacheTimeout;
  if (ttl !== null && ttl < 0) return;
  const seconds = ttl && ttl > 0 ? ttl : undefined;
  const { result, ...rest } = entry;
  const rows = typeof result.rowcount === 'number' ? result.rowcount : 0;
  const encoded = encodedResults.get(entry);
  if (!encoded) {
    const stored = { v: 2, ...rest, rows, result };
    await ctx.platform.cache.set(storageKey(key), stored as unknown as JsonValue, seconds);
    return;
  }
  // The same JSON value as the layout's, the result's bytes spliced in rather than encoded again.
  const head = JSON.stringify({ v: 2, ...rest, rows });
  await ctx.platform.cache.setEncoded(
    storageKey(key),
    Buffer.concat([Buffer.from(`${head.slice(0, -1)}${RESULT_FIELD}`, 'utf8'), encoded.bytes, CLOSE]),
    seconds,
  );
}

const CLOSE = Buffer.from('}');

/** A cached entry as stored: what it says about itself, and its result as JSON (UTF-8 bytes). */
export interface CachedBytes {
  cachedAt: string;
  rows: number;
  result: Buffer;
}

/**
 * The entry under key with its result left as the stored bytes (the first `,"result":` of the layout
 * is the field itself: the fields before it hold no object with such a key, and a quote inside a
 * string value is escaped). Undefined for a miss or an entry of the older layout.
 */
export async function readCachedBytes(ctx: AppContext, key: string): Promise<CachedBytes | undefined> {
  const bytes = await ctx.platform.cache.getBytes(storageKey(key));
  if (bytes?.toString('utf8', 0, LAYOUT.length) !== LAYOUT) return undefined;
  const at = bytes.indexOf(RESULT_FIELD);
  if (at < 0) return undefined;
  const head = JSON.parse(`${bytes.toString('utf8', 0, at)}}`) as { cachedAt?: unknown; rows?: unknown };
  if (typeof head.cachedAt !== 'string' || typeof head.rows !== 'number') return undefined;
  return {
    cachedAt: head.cachedAt,
    rows: head.rows,
    result: bytes.subarray(at + Buffer.byteLength(RESULT_FIELD), bytes.length - 1),
  };
}

const inFlight = new WeakMap<AppContext, Map<string, Promise<CachedResult>>>();

function flights(ctx: AppContext): Map<string, Promise<CachedResult>> {
  let map = inFlight.get(ctx);
  if (!map) {
    map = new Map();
    inFlight.set(ctx, map);
  }
  return map;
}

export interface Cached {
  entry: CachedResult;
  /** True when the entry came from the cache rather than from running the query for this request. */
  fromCache: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The cached entry under key, or `run()`'s, stored. `force` skips the read (and refreshes the entry).
 * Identical concurrent calls share one run; another server's run is awaited through the lock.
 */
export async function cachedOrRun(
  ctx: AppContext,
  key: string,
  force: boolean,
  run: () => Promise<CachedResult>,
): Promise<Cached> {
  if (!force) {
    const hit = await readCached(ctx, key);
    if (hit) {
      ctx.metrics.chartDataCacheHits.inc();
      return { entry: hit, fromCache: true };
    }
  }
  // A forced refresh counts as a miss: the query runs on the database.
  ctx.metrics.chartDataCacheMisses.inc();
  const map = flights(ctx);
  const pending = map.get(key);
  if (pending) return { entry: await pending, fromCache: false };
  const promise = runOnce(ctx, key, force, run);
  map.set(key, promise);
  try {
    return { entry: await promise, fromCache: false };
  } finally {
    map.delete(key);
  }
}

async function runOnce(
  ctx: AppContext,
  key: string,
  force: boolean,
  run: () => Promise<CachedResult>,
): Promise<CachedResult> {
  const settings = chartDataSettings(ctx);
  const lockName = `chart-data:${key}`;
  let lock = await ctx.platform.locks.acquire(lockName, settings.queryTimeoutMs + 5_000);
  if (!lock && !force) {
    // Another server runs the same query: wait for its result rather than run it twice.
    const deadline = Date.now() + settings.lockWaitMs;
    while (!lock && Date.now() < deadline) {
      await sleep(settings.lockPollMs);
      const hit = await readCached(ctx, key);
      if (hit) return hit;
      lock = await ctx.platform.locks.acquire(lockName, settings.queryTimeoutMs + 5_000);
    }
  }
  try {
    const entry = await run();
    await writeCached(ctx, key, entry);
    return entry;
  } finally {
    await lock?.release().catch(() => false);
  }
}
