import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../http/types.ts';
import { CACHED_TABLES } from '../../platform/metastore/changes.ts';
import { type DatasourceLoader, type LoadedDatasource, loadDatasource } from './datasource.ts';
import { SQL_LAB_DATASOURCE_TYPES } from './sqlLabDatasource.ts';

/**
 * A loaded dataset (its rows, columns, metrics, database, the caller's access and row-level security:
 * five or six metastore reads) kept in this process for at most a second per caller and dataset, so
 * a busy chart does not read the metastore on every request. Any write to the tables it comes from —
 * datasets, databases, RLS rules, users, roles, permissions — here or on another server empties it at
 * once (platform/metastore/changes.ts). Refusals are not kept, nor guests' loads (a guest's scope is
 * their token's, not their id's), nor SQL Lab datasources.
 */

export const DATASOURCE_CACHE_TTL_MS = 1000;

const caches = new WeakMap<AppContext, LRUCache<string, Promise<LoadedDatasource>>>();
/** The loads this cache hands out: the same object to every request of the second (plan.ts keys on it). */
const shared = new WeakSet<LoadedDatasource>();

/** Whether several requests may get this very object (a dataset load kept here). */
export function isSharedLoad(source: LoadedDatasource): boolean {
  return shared.has(source);
}

function cacheOf(ctx: AppContext): LRUCache<string, Promise<LoadedDatasource>> {
  const cache = caches.get(ctx);
  if (cache) return cache;
  const created = new LRUCache<string, Promise<LoadedDatasource>>({
    max: 1000,
    ttl: DATASOURCE_CACHE_TTL_MS,
  });
  ctx.metastore.changes.on((tables) => {
    if (tables.some((table) => CACHED_TABLES.has(table))) created.clear();
  });
  caches.set(ctx, created);
  return created;
}

/** loadDatasource, shared by a caller's requests for a second. */
export const cachedLoadDatasource: DatasourceLoader = (ctx, principal, datasource) => {
  if (principal.guest || SQL_LAB_DATASOURCE_TYPES.has(datasource.type)) {
    return loadDatasource(ctx, principal, datasource);
  }
  const cache = cacheOf(ctx);
  const key = `${principal.id}|${datasource.type}|${datasource.id}`;
  const known = cache.get(key);
  if (known) return known;
  const loading = loadDatasource(ctx, principal, datasource).then((source) => {
    shared.add(source);
    return source;
  });
  cache.set(key, loading);
  // A refusal or failure is not kept: the next request asks again.
  loading.catch(() => {
    if (cache.get(key) === loading) cache.delete(key);
  });
  return loading;
};

/** Forgets every kept load of the app (tests that count a load's own reads). */
export function forgetDatasourceLoads(ctx: AppContext): void {
  caches.get(ctx)?.clear();
}
