import type { NormalizedQueryObject } from '@vitrina/common';
import type { AppContext } from '../http/types.ts';
import type { Cached } from './cache.ts';
import { chartDataError } from './errors.ts';
import {
  type ChartDataRun,
  cachedQuery,
  chartDataJson,
  compile,
  effectiveQuery,
  presentCached,
  queryCacheKey,
  type ResultEntry,
} from './service.ts';

/**
 * The chart data flow for many charts at once (a dashboard's data). What differs from one chart:
 * every chart of the batch compiles against the same `now` (so relative time ranges give the same SQL
 * and the same cache key), and the batch remembers each cache key's run, so charts with identical
 * queries wait on one run even when `force` skips the cache (cache.ts only shares runs in flight).
 */
export class ChartBatch {
  readonly now = new Date();
  private readonly runs = new Map<string, Promise<Cached>>();

  constructor(private readonly ctx: AppContext) {}

  /** A prepared chart's `result[]`, as `POST /api/v1/chart/data` answers it with result_format json. */
  async json(run: ChartDataRun): Promise<ResultEntry[]> {
    const type = run.context.result_type;
    // These types run no query: the per-chart flow answers them as it is.
    if (type === 'query' || type === 'columns' || type === 'timegrains') return chartDataJson(this.ctx, run);
    const entries: ResultEntry[] = [];
    try {
      for (const query of run.context.queries) {
        const { entry, fromCache } = await this.cached(run, query);
        entries.push(presentCached(entry, fromCache, type));
      }
    } catch (error) {
      throw chartDataError(error, run.timeoutMs);
    }
    return entries;
  }

  private cached(run: ChartDataRun, raw: NormalizedQueryObject): Promise<Cached> {
    const query = effectiveQuery(run, raw);
    const key = queryCacheKey(run, query, compile(run, query, this.now));
    let pending = this.runs.get(key);
    if (!pending) {
      pending = cachedQuery(this.ctx, run, raw, this.now);
      this.runs.set(key, pending);
    }
    return pending;
  }

  /** How many distinct queries the batch has run or read (for logs and tests). */
  get distinctQueries(): number {
    return this.runs.size;
  }
}
