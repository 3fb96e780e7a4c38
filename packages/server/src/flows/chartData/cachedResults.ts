import { NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import * as repo from '../../resources/datasets/repo.ts';
import type { Principal } from '../../security/principal.ts';
import type { ChartDataAudience, ChartDataSubject } from './actionLog.ts';
import { readCachedContext } from './asyncQueries.ts';
import { type CachedResult, readCached } from './cache.ts';
import { accessibleDataset, rlsKeyFor } from './datasource.ts';
import { presentCached, type ResultEntry } from './service.ts';
import { loadSqlLabDatasource } from './sqlLabDatasource.ts';
import { HIT_PHASES, type TimedEntry } from './timings.ts';

/**
 * Results read back by cache key (`GET /api/v1/chart/data/{cache_key}`, async results): only for a
 * caller who may run the query now — access to its dataset, the same row-level security, and for
 * entries read as one user (annotation layers, async query contexts) that user.
 */

/** A cached entry, when `principal` may read it: its dataset, the same row-level security, its user. */
export async function readableEntry(
  ctx: AppContext,
  principal: Principal,
  entry: CachedResult,
): Promise<ResultEntry | null> {
  const db = ctx.metastore.db;
  if (entry.datasourceType) {
    // The query's own access, asked again now (owner or admin, the database, RLS_IN_SQLLAB).
    await loadSqlLabDatasource(ctx, principal, { id: entry.datasetId, type: entry.datasourceType });
    if (entry.userId !== undefined && entry.userId !== principal.id) return null;
    return presentCached(entry, true, 'full', principal);
  }
  const { dataset, database } = await accessibleDataset(
    db,
    principal,
    await repo.findDatasetRow(db, entry.datasetId),
  );
  if (entry.userId !== undefined && entry.userId !== principal.id) return null;
  // Someone under other row-level security must not read this result through its key.
  if ((await rlsKeyFor(ctx, principal, dataset, database)) !== entry.rls) return null;
  return presentCached(entry, true, 'full', principal);
}

/** Results read by cache key, what each cost, and what is known of the query they answer. */
export interface CachedAnswer {
  results: TimedEntry[];
  subject: ChartDataSubject;
  for: Pick<ChartDataAudience, 'sliceId' | 'dashboardId'>;
}

/**
 * The results under a cache key: one query's entry (a cache hit), or (async results) every entry of a
 * query context, with what its job's run cost.
 */
export async function cachedResults(
  ctx: AppContext,
  principal: Principal,
  key: string,
): Promise<CachedAnswer> {
  const single = await readCached(ctx, key);
  if (single) {
    const entry = await readableEntry(ctx, principal, single);
    if (!entry) throw new NotFoundError();
    return {
      results: [{ entry, phases: HIT_PHASES }],
      subject: { vizType: null, datasource: `${single.datasetId}__${single.datasourceType ?? 'table'}` },
      for: { sliceId: null, dashboardId: null },
    };
  }
  const context = await readCachedContext(ctx, key);
  if (!context || context.userId !== principal.id) throw new NotFoundError();
  const results: TimedEntry[] = [];
  for (const [index, inner] of context.keys.entries()) {
    const cached = await readCached(ctx, inner);
    const entry = cached ? await readableEntry(ctx, principal, cached) : null;
    if (!entry) throw new NotFoundError();
    results.push({ entry, phases: context.answer?.phases[index] ?? HIT_PHASES });
  }
  const answer = context.answer;
  return {
    results,
    subject: { vizType: answer?.vizType ?? null, datasource: answer?.datasource ?? null },
    for: { sliceId: answer?.sliceId ?? null, dashboardId: answer?.dashboardId ?? null },
  };
}
