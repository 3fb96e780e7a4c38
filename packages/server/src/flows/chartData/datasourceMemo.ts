import type { Principal } from '../../security/principal.ts';
import type { DatasourceLoader, DatasourceRef, LoadedDatasource } from './datasource.ts';
import { cachedLoadDatasource } from './datasourceCache.ts';

/**
 * One request's datasources: each dataset (its rows, columns, metrics, the caller's row-level security
 * and the access check) is loaded once and shared by every chart of the request that reads it. The
 * loads behind it are kept a second at most (datasourceCache.ts), and dropped at once on a change.
 */
export function datasourceMemo(load: DatasourceLoader = cachedLoadDatasource): DatasourceLoader {
  const loaded = new Map<string, Promise<LoadedDatasource>>();
  return (ctx, principal, datasource) => {
    const key = memoKey(principal, datasource);
    let pending = loaded.get(key);
    if (!pending) {
      // A refusal (404, 403) is shared too: the same caller asks about the same dataset.
      pending = load(ctx, principal, datasource);
      loaded.set(key, pending);
    }
    return pending;
  };
}

/** The caller is part of the key: access and row-level security are theirs. */
function memoKey(principal: Principal, datasource: DatasourceRef): string {
  return JSON.stringify([principal.id, datasource.type, String(datasource.id)]);
}
