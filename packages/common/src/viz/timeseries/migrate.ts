/**
 * Upgrades of the family's saved form data. Version 0 → 1 takes form data as older Superset versions
 * and its NVD3 charts saved it (migrated Superset charts keep their old parameters) and writes today's
 * keys, as Superset's own viz migrations do: the legacy time column and range become the x-axis and a
 * TEMPORAL_RANGE filter, renamed options get their new names, and old values their new spellings.
 */
import { TIME_GRAIN_ALIASES } from '../../sql/timeGrains.ts';
import { asArray, NO_FILTER } from '../shared/query.ts';
import { type AdhocFilter, FORM_DATA_VERSION, type FormData } from '../types.ts';

/** Superset's TimeseriesChart migration: legacy parameter → its current name. */
const RENAMED_KEYS: Record<string, string> = {
  x_axis_format: 'x_axis_time_format',
  x_axis_label: 'x_axis_title',
  y_axis_label: 'y_axis_title',
  bottom_margin: 'x_axis_title_margin',
  left_margin: 'y_axis_title_margin',
  y_log_scale: 'logAxis',
  y_axis_showminmax: 'truncateYAxis',
  x_ticks_layout: 'xAxisLabelRotation',
  show_bar_value: 'show_value',
  series_limit_metric: 'timeseries_limit_metric',
};

/** Parameters of the NVD3 charts that have no meaning any more. */
const REMOVED_KEYS = [
  'contribution',
  'line_interpolation',
  'reduce_x_ticks',
  'show_brush',
  'show_markers',
  'stacked_style',
  'bar_stacked',
  'x_axis_showminmax',
  'show_controls',
];

const STACKED_STYLES: Record<string, string> = { stack: 'Stack', stream: 'Stream', expand: 'Expand' };

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The legacy time column and range → x_axis and a TEMPORAL_RANGE adhoc filter on that column. */
function migrateTemporalFilter(data: FormData): void {
  const column = data.granularity_sqla;
  const timeRange = typeof data.time_range === 'string' && data.time_range ? data.time_range : NO_FILTER;
  delete data.granularity_sqla;
  delete data.time_range;
  if (typeof column !== 'string' || column === '') return;
  if (!isSet(data.x_axis)) data.x_axis = column;
  const filters = Array.isArray(data.adhoc_filters) ? data.adhoc_filters : [];
  const hasRange = filters.some(
    (filter) =>
      filter.expressionType === 'SIMPLE' &&
      (filter.operator === 'TEMPORAL_RANGE' || filter.operatorId === 'TEMPORAL_RANGE'),
  );
  if (hasRange) return;
  const range: AdhocFilter = {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: column,
    operator: 'TEMPORAL_RANGE',
    comparator: timeRange,
  };
  data.adhoc_filters = [...filters, range];
}

/** NVD3-era values of kept keys → today's. */
function migrateValues(data: FormData): void {
  if (data.contribution === true && !isSet(data.contributionMode)) data.contributionMode = 'row';
  if (data.show_brush !== undefined && data.zoomable === undefined)
    data.zoomable = data.show_brush === 'yes' || data.show_brush === true;
  if (data.show_markers !== undefined && data.markerEnabled === undefined)
    data.markerEnabled = data.show_markers === true;
  if (typeof data.stacked_style === 'string' && data.stack === undefined)
    data.stack = Object.hasOwn(STACKED_STYLES, data.stacked_style)
      ? STACKED_STYLES[data.stacked_style]
      : 'Stack';
  if (data.bar_stacked !== undefined && data.stack === undefined)
    data.stack = data.bar_stacked === true ? 'Stack' : null;
  if (data.stack === true) data.stack = 'Stack';
  if (data.stack === false) data.stack = null;
  if (data.rolling_type === 'None' || data.rolling_type === '') data.rolling_type = null;
  if (data.comparison_type === 'absolute') data.comparison_type = 'difference';
  // NVD3 charts saved offsets as '1 year'; the server reads '1 year ago'.
  if (isSet(data.time_compare)) {
    data.time_compare = asArray(data.time_compare as string | string[])
      .filter((offset) => typeof offset === 'string' && offset !== '')
      .map((offset) =>
        /\b(ago|later|from now|before|after)$/i.test(offset) || offset === 'inherit' || offset === 'custom'
          ? offset
          : `${offset} ago`,
      );
  }
  if (typeof data.x_ticks_layout === 'string') data.x_ticks_layout = data.x_ticks_layout === '45°' ? 45 : 0;
  // An NVD3 title sat in an 'auto' margin; Superset gives it 30 px.
  const margins = [
    ['x_axis_label', 'bottom_margin'],
    ['y_axis_label', 'left_margin'],
  ] as const;
  for (const [title, margin] of margins) {
    if (data[margin] === 'auto') delete data[margin];
    if (isSet(data[title]) && !isSet(data[margin])) data[margin] = 30;
  }
  // NVD3 axes started at the data, not at zero: Superset keeps that look.
  if ('y_axis_showminmax' in data) data.y_axis_showminmax = true;
  if (typeof data.time_grain_sqla === 'string' && Object.hasOwn(TIME_GRAIN_ALIASES, data.time_grain_sqla))
    data.time_grain_sqla = TIME_GRAIN_ALIASES[data.time_grain_sqla];
}

function renameKeys(data: FormData, renamed: Record<string, string>): void {
  for (const [from, to] of Object.entries(renamed)) {
    if (!(from in data)) continue;
    if (data[to] === undefined) data[to] = data[from];
    delete data[from];
  }
}

/** Version 0 → 1 of any chart of the family; `extra` runs a type's own steps first. */
function migrateToV1(formData: FormData, extra?: (data: FormData) => void): FormData {
  const data: FormData = { ...formData };
  extra?.(data);
  migrateTemporalFilter(data);
  migrateValues(data);
  renameKeys(data, RENAMED_KEYS);
  for (const key of REMOVED_KEYS) delete data[key];
  data.form_data_version = 1;
  return data;
}

/** Runs every step from the saved version up to FORM_DATA_VERSION; newer form data is left as it is. */
export function migrateTimeseries(formData: FormData, extra?: (data: FormData) => void): FormData {
  const version = typeof formData.form_data_version === 'number' ? formData.form_data_version : 0;
  if (version >= FORM_DATA_VERSION) return formData;
  return migrateToV1(formData, extra);
}
