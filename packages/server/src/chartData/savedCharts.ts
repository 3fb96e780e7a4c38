import type { AppContext } from '../http/types.ts';
import type { Principal } from '../security/principal.ts';

/**
 * The one seam to saved charts: `savedChartQueryContext` of resources/charts/savedChartQuery.ts builds
 * a saved chart's query context (its stored query_context, or its form_data through the chart type's
 * buildQuery) after checking the caller may read the chart. The chart data flow runs that context for
 * `form_data={"slice_id": N}`, for annotation layers and for the legacy explore_json.
 */
export interface SavedChartOverrides {
  result_type?: string;
  result_format?: string;
  force?: boolean;
}

export type SavedChartQueryContext = (
  ctx: AppContext,
  principal: Principal,
  sliceId: number,
  overrides?: SavedChartOverrides,
) => Promise<unknown>;

// Loaded on first use, so this module does not tie the chart data flow to the charts resource at load time.
const SAVED_CHART_MODULE = '../resources/charts/savedChartQuery.ts';

const replaced = new WeakMap<AppContext, SavedChartQueryContext>();

/** Tests: runs `fn` instead of the charts resource's function for this app context. */
export function useSavedChartQueryContext(ctx: AppContext, fn: SavedChartQueryContext): void {
  replaced.set(ctx, fn);
}

export async function savedChartQueryContext(
  ctx: AppContext,
  principal: Principal,
  sliceId: number,
  overrides?: SavedChartOverrides,
): Promise<unknown> {
  const fn =
    replaced.get(ctx) ??
    ((await import(SAVED_CHART_MODULE)) as { savedChartQueryContext: SavedChartQueryContext })
      .savedChartQueryContext;
  return fn(ctx, principal, sliceId, overrides);
}
