import { NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import * as repo from '../../resources/datasets/repo.ts';
import type { Principal } from '../../security/principal.ts';
import { readCachedContext } from './asyncQueries.ts';
import { type CachedResult, readCached } from './cache.ts';
import { accessibleDataset, rlsKeyFor } from './datasource.ts';
import { presentCached, type ResultEntry } from './service.ts';

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

/** The results under a cache key: one query's entry, or (async results) every entry of a query context. */
export async function cachedResults(
  ctx: AppContext,
  principal: Principal,
  key: string,
): Promise<ResultEntry[]> {
  const single = await readCached(ctx, key);
  if (single) {
    const entry = await readableEntry(ctx, principal, single);
    if (!entry) throw new NotFoundError();
    return [entry];
  }
  const context = await readCachedContext(ctx, key);
  if (!context || context.userId !== principal.id) throw new NotFoundError();
  const entries: ResultEntry[] = [];
  for (const inner of context.keys) {
    const cached = await readCached(ctx, inner);
    const entry = cached ? await readableEntry(ctx, principal, cached) : null;
    if (!entry) throw new NotFoundError();
    entries.push(entry);
  }
  return entries;
}
