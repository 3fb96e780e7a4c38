import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import type { Cached } from './cache.ts';
import type { DatasourceLoader } from './datasource.ts';
import { datasourceMemo } from './datasourceMemo.ts';
import { chartDataError } from './errors.ts';
import { type ChartQueryPlan, checkedPlan, type PlannedQuery } from './plan.ts';
import { type ChartDataRun, prepareRun } from './run.ts';
import { presentCached, runPlanned, runPlanTimed } from './service.ts';
import { servedPhases, type TimedEntry } from './timings.ts';

/**
 * The chart data flow for many charts at once (a dashboard's data). What differs from one chart:
 * each dataset and the caller's row-level security on it is loaded once for the whole batch (a
 * request-long memo); every chart is planned against the same `now` (so relative time ranges give the
 * same SQL and the same cache key); and the batch remembers each planned key's run, so charts with
 * identical queries wait on one run even when `force` skips the cache (cache.ts only shares runs in
 * flight).
 */
export class ChartBatch {
  readonly now = new Date();
  private readonly runs = new Map<string, Promise<Cached>>();
  private readonly loadDatasource: DatasourceLoader = datasourceMemo();

  constructor(private readonly ctx: AppContext) {}

  /** A chart's query context, parsed and its dataset loaded (shared with the batch's other charts). */
  prepare(principal: Principal, context: unknown): Promise<ChartDataRun> {
    return prepareRun(this.ctx, principal, context, this.loadDatasource);
  }

  /**
   * A prepared chart's `result[]`, as `POST /api/v1/chart/data` answers it with result_format json, with
   * what each entry cost (a chart that waited on another's identical run reports that run's phases).
   */
  async json(run: ChartDataRun): Promise<TimedEntry[]> {
    const plan = checkedPlan(run, this.now);
    const type = run.context.result_type;
    // These types run no query: the per-chart flow answers them as it is.
    if (type === 'query' || type === 'columns' || type === 'timegrains') return runPlanTimed(this.ctx, plan);
    const entries: TimedEntry[] = [];
    try {
      for (const planned of plan.queries) {
        const { entry, fromCache } = await this.shared(plan, planned);
        entries.push({
          entry: presentCached(entry, fromCache, type, run.principal),
          phases: servedPhases(fromCache, entry.phases),
        });
      }
    } catch (error) {
      throw chartDataError(error, run.timeoutMs);
    }
    return entries;
  }

  /** The run of a planned key: the first chart's, which every later chart with that key awaits. */
  private shared(plan: ChartQueryPlan, planned: PlannedQuery): Promise<Cached> {
    let pending = this.runs.get(planned.key);
    if (!pending) {
      pending = runPlanned(this.ctx, plan, planned);
      this.runs.set(planned.key, pending);
    }
    return pending;
  }

  /** How many distinct queries the batch has run or read (for logs and tests). */
  get distinctQueries(): number {
    return this.runs.size;
  }
}
