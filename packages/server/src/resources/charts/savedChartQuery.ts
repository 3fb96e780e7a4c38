import type { ExtraFormData } from '@vitrina/common/filters/types';
import { loadDashboardQueries, migrateSaved } from '../../flows/chartData/chartRegistry.ts';
import { BadRequestError } from '../../http/errors.ts';
import type { SavedChartOverrides } from '../../http/services.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleChart } from './access.ts';
import { parseJsonObject, storedFormData } from './formData.ts';

/**
 * A saved chart's query, as Superset's `GET /api/v1/chart/{id}/data/` runs it: the query context saved
 * with the chart, or — for charts saved without one — the query its chart type builds from the saved
 * form data (upgraded first). Reports, exports and the legacy explore endpoint run charts this way.
 */

export const NO_QUERY_CONTEXT = 'Chart has no query context saved. Please save the chart again.';

type QueryContextBody = Record<string, unknown>;

/** The stored query context when it is a usable one (an object with a list of queries). */
function storedQueryContext(text: string | null): QueryContextBody | null {
  const value = parseJsonObject(text);
  return value && Array.isArray(value.queries) ? value : null;
}

/**
 * The query the chart type builds from saved form data (migrated here first), with a dashboard's filters
 * in scope when given: null for a type no plugin knows, 400 when the type's buildQuery refuses it. Saved
 * charts without a stored query context and a dashboard's saved charts are built here.
 */
export async function queryFromSavedFormData(
  formData: Record<string, unknown>,
  extraFormData?: ExtraFormData,
  force = false,
): Promise<QueryContextBody | null> {
  const migrated = await migrateSaved(formData);
  if (!migrated) return null;
  const { dashboardChartQuery } = await loadDashboardQueries();
  try {
    return dashboardChartQuery(migrated, extraFormData, force) as unknown as QueryContextBody;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BadRequestError(`The chart's saved form data cannot be turned into a query: ${reason}`);
  }
}

/**
 * The query context body to run for chart `sliceId`, with the overrides applied: 404 when there is no
 * such chart, or the caller may not query its dataset (or it is gone), 400 when the chart has neither a
 * query context nor form data to build one from. The run checks the dataset and its row-level security
 * again.
 */
export async function savedChartQueryContext(
  ctx: AppContext,
  principal: Principal,
  sliceId: number,
  overrides: SavedChartOverrides = {},
): Promise<unknown> {
  // A chart on a dataset the caller may not query is answered as a missing one (Superset's base filter).
  const chart = await visibleChart(ctx.metastore.db, principal, sliceId);

  const formData = storedFormData(chart);
  const hasParams = Object.keys(parseJsonObject(chart.params) ?? {}).length > 0;
  const body =
    storedQueryContext(chart.query_context) ?? (hasParams ? await queryFromSavedFormData(formData) : null);
  if (!body) throw new BadRequestError(NO_QUERY_CONTEXT);

  const bodyFormData = parseObject(body.form_data);
  return {
    ...body,
    datasource: body.datasource ?? { id: chart.datasource_id, type: chart.datasource_type },
    // Exports are named after the chart: its name travels in the form data.
    form_data: { ...(bodyFormData ?? formData), slice_id: chart.id, slice_name: chart.slice_name },
    ...(overrides.result_type !== undefined && { result_type: overrides.result_type }),
    ...(overrides.result_format !== undefined && { result_format: overrides.result_format }),
    ...(overrides.force !== undefined && { force: overrides.force }),
  };
}

function parseObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
