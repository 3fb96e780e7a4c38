/**
 * Explore's form data as data: what it is once loaded (migrated, defaults filled, bad select values
 * dropped), what it becomes when the chart type changes, and whether two versions differ.
 */
import {
  type AdhocFilter,
  type ChartPlugin,
  type ControlConfig,
  type ControlPanelConfig,
  controlDefaults,
  type ExploreDataset,
  FORM_DATA_VERSION,
  type FormData,
  NO_FILTER,
  type VizType,
} from '@vitrina/common';
import { currentVizType } from '@vitrina/common/viz/registry';

/** The chart type explore opens a dataset with (the spec: from configuration; Superset's is table). */
export const DEFAULT_VIZ_TYPE: VizType = 'table';

/** What a new chart starts with: the server's configuration (DEFAULT_VIZ_TYPE, DEFAULT_TIME_FILTER), else these. */
export interface ExploreDefaults {
  vizType: string;
  timeFilter: string;
}

export const BUILT_IN_EXPLORE_DEFAULTS: ExploreDefaults = {
  vizType: DEFAULT_VIZ_TYPE,
  timeFilter: NO_FILTER,
};

/** Every control of a panel, in panel order. */
export function panelControls(panel: ControlPanelConfig): ControlConfig[] {
  return panel.sections.flatMap((section) => section.controlRows.flat());
}

export function datasourceKey(dataset: Pick<ExploreDataset, 'id' | 'type'>): string {
  return `${dataset.id}__${dataset.type}`;
}

/** The viz type to open: the URL's, else the saved one, else the default; unknown names fall back. */
export function resolveVizType(...candidates: unknown[]): { vizType: VizType; unknown: string | null } {
  const given = candidates.find((candidate) => typeof candidate === 'string' && candidate !== '');
  if (given === undefined) return { vizType: DEFAULT_VIZ_TYPE, unknown: null };
  const current = currentVizType(given);
  return current
    ? { vizType: current, unknown: null }
    : { vizType: DEFAULT_VIZ_TYPE, unknown: String(given) };
}

function allowedValues(control: ControlConfig): Set<unknown> | null {
  if (control.freeForm || !control.choices || control.choices.length === 0) return null;
  if (control.type !== 'SelectControl' && control.type !== 'RadioButtonControl') return null;
  return new Set(control.choices.map((choice) => choice.value));
}

/**
 * The spec: select controls that are not free form drop values not among their choices (a renamed
 * option in old form data, a value from another chart type). A dropped single value falls back to
 * the control's default.
 */
export function dropUnknownChoices(formData: FormData, panel: ControlPanelConfig): FormData {
  const next: FormData = { ...formData };
  for (const control of panelControls(panel)) {
    const allowed = allowedValues(control);
    const value = next[control.name];
    if (!allowed || value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const kept = value.filter((item) => allowed.has(item));
      if (kept.length !== value.length) next[control.name] = kept;
    } else if (!allowed.has(value)) {
      if (control.default === undefined) delete next[control.name];
      else next[control.name] = control.default;
    }
  }
  return next;
}

/** The dataset's time column a new time-series chart starts its x-axis on. */
export function defaultTemporalColumn(dataset: ExploreDataset): string | null {
  if (dataset.main_dttm_col && dataset.columns.some((c) => c.column_name === dataset.main_dttm_col))
    return dataset.main_dttm_col;
  return dataset.columns.find((column) => column.is_dttm)?.column_name ?? null;
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The time range filter a new chart starts with, as in Superset: on the dataset's time column, with the
 * configured default time range ('No filter' unless set), ready to be narrowed.
 */
export function defaultTimeRangeFilter(column: string, timeRange: string = NO_FILTER): AdhocFilter {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: column,
    operator: 'TEMPORAL_RANGE',
    operatorId: 'TEMPORAL_RANGE',
    comparator: timeRange,
    filterOptionName: `filter_time_range_${column}`,
  };
}

/**
 * Defaults for the controls the form data has no value for; a temporal x-axis starts on the time
 * column, and form data without any filters yet starts with the time range filter.
 */
function fillDefaults(
  formData: FormData,
  plugin: ChartPlugin,
  dataset: ExploreDataset,
  timeFilter: string = NO_FILTER,
): FormData {
  const next: FormData = { ...controlDefaults(plugin.controlPanel.sections), ...formData };
  const controls = panelControls(plugin.controlPanel);
  const column = defaultTemporalColumn(dataset);
  const xAxis = controls.find((control) => control.name === 'x_axis');
  if (column && xAxis?.type === 'TemporalColumnControl' && isBlank(next.x_axis)) next.x_axis = column;
  const filters = controls.find((control) => control.name === 'adhoc_filters');
  if (column && filters && formData.adhoc_filters === undefined)
    next.adhoc_filters = [defaultTimeRangeFilter(column, timeFilter)];
  // As Superset: which columns are temporal, so table and pivot bucket them by the time grain.
  next.temporal_columns_lookup = Object.fromEntries(
    dataset.columns.map((datasetColumn) => [datasetColumn.column_name, datasetColumn.is_dttm]),
  );
  return next;
}

/**
 * Form data as it comes from the server (a saved chart, a permalink, or nothing for a new chart), which
 * the server has already brought to the current version (the web migrates saved form data only where a
 * dashboard loads its charts) → the draft explore edits: stamped with the current version, defaults fill
 * what is missing and select values that are no longer choices are dropped.
 */
export function prepareFormData(
  raw: Record<string, unknown>,
  plugin: ChartPlugin,
  dataset: ExploreDataset,
  timeFilter: string = NO_FILTER,
): FormData {
  const filled = fillDefaults(
    {
      ...raw,
      datasource: datasourceKey(dataset),
      viz_type: plugin.vizType,
      form_data_version: FORM_DATA_VERSION,
    } as FormData,
    plugin,
    dataset,
    timeFilter,
  );
  return dropUnknownChoices(filled, plugin.controlPanel);
}

/** Controls that hold metrics or columns under a different name in another chart type. */
function carryAcrossNames(next: FormData, previous: FormData, names: Set<string>): void {
  const metrics = Array.isArray(previous.metrics) ? previous.metrics : [];
  if (names.has('metric') && isBlank(previous.metric) && metrics.length > 0) next.metric = metrics[0];
  if (names.has('metrics') && isBlank(previous.metrics) && !isBlank(previous.metric))
    next.metrics = [previous.metric];
  // The pivot table's rows and columns are dimensions too (Superset's control-state transfer).
  const pivotDimensions = [...listOf(previous.groupbyRows), ...listOf(previous.groupbyColumns)];
  const dimensions = !isBlank(previous.groupby)
    ? previous.groupby
    : !isBlank(previous.columns)
      ? previous.columns
      : pivotDimensions.length > 0
        ? pivotDimensions
        : undefined;
  if (names.has('groupby') && isBlank(previous.groupby) && dimensions !== undefined)
    next.groupby = dimensions;
  if (names.has('columns') && isBlank(previous.columns) && dimensions !== undefined)
    next.columns = dimensions;
  if (
    names.has('groupbyRows') &&
    isBlank(previous.groupbyRows) &&
    isBlank(previous.groupbyColumns) &&
    dimensions !== undefined
  )
    next.groupbyRows = dimensions;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The form data after choosing another chart type: values of controls both types share stay, metrics
 * and dimensions cross between their single and list spellings, the new type's other controls take
 * their defaults. Values of controls the new type lacks are kept too (unknown keys are kept), so
 * switching back finds them again.
 */
export function switchVizType(formData: FormData, plugin: ChartPlugin, dataset: ExploreDataset): FormData {
  const names = new Set(panelControls(plugin.controlPanel).map((control) => control.name));
  const next: FormData = { ...formData, viz_type: plugin.vizType, form_data_version: FORM_DATA_VERSION };
  carryAcrossNames(next, formData, names);
  return dropUnknownChoices(fillDefaults(next, plugin, dataset), plugin.controlPanel);
}

/** JSON with object keys sorted and undefined dropped, so equal form data gives equal text. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item as Record<string, unknown>).sort())
      sorted[key] = (item as Record<string, unknown>)[key];
    return sorted;
  });
}

export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || stableStringify(a) === stableStringify(b);
}

/** Keys whose value differs between two form data (a key missing on one side counts as undefined). */
export function changedKeys(a: FormData, b: FormData): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => !sameValue(a[key], b[key]));
}
