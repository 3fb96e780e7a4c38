/**
 * What saving from explore sends: the chart's params (the form data as JSON) and its query context
 * (the plugin's buildQuery as JSON), so reports and exports can run the chart without a browser.
 */
import type { AdhocFilter, ChartPlugin, ChartWriteRequest, ExploreDataset, FormData } from '@vitrina/common';
import { NO_FILTER } from '@vitrina/common';

type SimpleFilter = Extract<AdhocFilter, { expressionType: 'SIMPLE' }>;

function isTemporalRange(filter: AdhocFilter): filter is SimpleFilter {
  return (
    filter.expressionType === 'SIMPLE' &&
    (filter.operator === 'TEMPORAL_RANGE' || filter.operatorId === 'TEMPORAL_RANGE')
  );
}

/** A filter a dashboard (native filters, cross-filters) put into the chart's form data. */
function isExtra(filter: AdhocFilter): boolean {
  return filter.expressionType === 'SIMPLE' && filter.isExtra === true;
}

function adhocFiltersOf(formData: Record<string, unknown>): AdhocFilter[] {
  return Array.isArray(formData.adhoc_filters) ? (formData.adhoc_filters as AdhocFilter[]) : [];
}

/**
 * The spec's rule (Superset's getSlicePayload): filters a dashboard added (`isExtra`) are not saved.
 * When that leaves no filters and the saved chart had its own time range filters, those come back
 * with the comparator 'No filter', so dashboards can still filter the chart by time; and when no
 * time range filter is left at all, the dashboard's come back the same way.
 */
export function adhocFiltersForSave(
  formData: FormData,
  savedFormData: Record<string, unknown> | null,
): AdhocFilter[] {
  const own = adhocFiltersOf(formData).filter((filter) => !isExtra(filter));
  if (own.length === 0 && savedFormData) {
    for (const filter of adhocFiltersOf(savedFormData))
      if (isTemporalRange(filter) && !isExtra(filter)) own.push({ ...filter, comparator: NO_FILTER });
  }
  if (!own.some(isTemporalRange)) {
    for (const filter of adhocFiltersOf(formData))
      if (isTemporalRange(filter) && isExtra(filter)) own.push({ ...filter, comparator: NO_FILTER });
  }
  return own;
}

/** Keys that describe one explore session, not the chart. */
const SESSION_KEYS = ['url_params', 'force', 'dashboards'] as const;

/** The form data as it is stored in the chart's params. */
export function formDataForSave(
  formData: FormData,
  options: { sliceId: number | null; savedFormData: Record<string, unknown> | null },
): FormData {
  const saved: FormData = {
    ...formData,
    adhoc_filters: adhocFiltersForSave(formData, options.savedFormData),
  };
  for (const key of SESSION_KEYS) delete saved[key];
  if (options.sliceId === null) delete saved.slice_id;
  else saved.slice_id = options.sliceId;
  return saved;
}

export interface SaveChartInput {
  formData: FormData;
  sliceName: string;
  /** The Russian title; undefined leaves the stored one as it is. */
  sliceNameRu?: string | null;
  dataset: Pick<ExploreDataset, 'id' | 'type'>;
  plugin: Pick<ChartPlugin, 'buildQuery'>;
  /** The chart being overwritten; null saves a new chart. */
  overwrite: { id: number; formData: Record<string, unknown>; dashboards: number[] } | null;
  /** A dashboard to add the chart to. */
  dashboardId: number | null;
}

/** The body of `POST /api/v1/chart/` (save as) or `PUT /api/v1/chart/{id}` (overwrite). */
export function buildChartPayload(input: SaveChartInput): ChartWriteRequest {
  const params = formDataForSave(input.formData, {
    sliceId: input.overwrite?.id ?? null,
    savedFormData: input.overwrite?.formData ?? null,
  });
  const queryContext = { ...input.plugin.buildQuery(params), result_format: 'json', result_type: 'full' };
  const dashboards = new Set(input.overwrite?.dashboards ?? []);
  if (input.dashboardId !== null) dashboards.add(input.dashboardId);
  return {
    slice_name: input.sliceName.trim(),
    ...(input.sliceNameRu !== undefined && { slice_name_ru: input.sliceNameRu }),
    viz_type: params.viz_type,
    datasource_id: input.dataset.id,
    datasource_type: input.dataset.type,
    params: JSON.stringify(params),
    query_context: JSON.stringify(queryContext),
    dashboards: [...dashboards],
  };
}
