import { type NormalizedQueryContext, normalizeQueryContext } from '@vitrina/common';
import type { AppContext } from '../../http/types.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { type DatasourceLoader, type LoadedDatasource, queryTimeoutMs } from './datasource.ts';
import { cachedLoadDatasource } from './datasourceCache.ts';
import { chartDataError } from './errors.ts';
import { chartDataSettings } from './settings.ts';

/** A query context ready to plan: parsed, its dataset loaded with the caller's row-level security. */
export interface ChartDataRun {
  context: NormalizedQueryContext;
  /** Who asks: annotation layers run their saved charts as this user. */
  principal: Principal;
  source: LoadedDatasource;
  timeoutMs: number;
  samplesRowLimit: number;
  maxRowLimit: number;
  /** Whether the caller may send custom SQL (adhoc SQL metrics, columns, where, having). */
  allowCustomSql: boolean;
}

/** Who may write custom SQL: chart builders (explore), SQL Lab users, chart writers, admins. */
export function canWriteCustomSql(principal: Principal): boolean {
  return (
    hasPermission(principal, 'can_explore', 'Superset') ||
    hasPermission(principal, 'can_sqllab', 'Superset') ||
    hasPermission(principal, 'can_write', 'Chart')
  );
}

/**
 * Parses the body and loads the dataset; throws the HTTP error of whatever is wrong. A dashboard batch
 * passes a memoised loader, so its charts on one dataset share one load (batchRun.ts).
 */
export async function prepareRun(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
  load: DatasourceLoader = cachedLoadDatasource,
): Promise<ChartDataRun> {
  const settings = chartDataSettings(ctx);
  try {
    const context = normalizeQueryContext(body, { maxRowLimit: settings.maxRowLimit });
    const source = await load(ctx, principal, context.datasource);
    return {
      context,
      principal,
      source,
      timeoutMs: queryTimeoutMs(source.database, settings.queryTimeoutMs),
      samplesRowLimit: settings.samplesRowLimit,
      maxRowLimit: settings.maxRowLimit,
      allowCustomSql: canWriteCustomSql(principal),
    };
  } catch (error) {
    throw chartDataError(error, settings.queryTimeoutMs);
  }
}
