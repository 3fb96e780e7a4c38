/**
 * Controls many chart types share, with the spec's choices and defaults. A chart's controlPanel picks
 * these by name and adds its own; labels are i18n keys under `controls.` (areas/controls.*.json).
 */

import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import { TIME_GRAIN_NAMES, type TimeGrain } from '../../sql/timeGrains.ts';
import { integer, maxValue, nonEmpty } from '../../validation/index.ts';
import type { ControlChoice, ControlConfig, FormData } from '../types.ts';
import { NO_FILTER } from './query.ts';

/** The configured maximum row count, or Superset's 100000 (the server caps again on its side). */
export const MAX_ROW_LIMIT = 100000;
export const ROW_LIMIT_CHOICES = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
export const SERIES_LIMIT_CHOICES = [5, 10, 25, 50, 100, 500] as const;
export const DEFAULT_TIME_GRAIN: TimeGrain = 'P1D';
/** Default fixed colour of single-colour charts: rgb(0,122,135), alpha 1. */
export const DEFAULT_FIXED_COLOR = { r: 0, g: 122, b: 135, a: 1 } as const;
export const DEFAULT_COLOR_SCHEME = 'supersetColors';

/** Grains the granularity control offers, in the spec's order. */
export const TIME_GRAIN_OPTIONS: readonly TimeGrain[] = [
  'PT5S',
  'PT30S',
  'PT1M',
  'PT5M',
  'PT30M',
  'PT1H',
  'PT6H',
  'P1D',
  'P7D',
  'P1W',
  '1969-12-28T00:00:00Z/P1W',
  'P1W/1970-01-03T00:00:00Z',
  'P1M',
  'P3M',
  'P1Y',
];

/** 7 days is a grain of its own in the spec's list; Superset writes it as P7D where engines have it. */
export const timeGrainChoices: readonly ControlChoice[] = TIME_GRAIN_OPTIONS.map((grain) => ({
  value: grain,
  labelKey: `controls.timeGrains.${grainKey(grain)}`,
  label: TIME_GRAIN_NAMES[grain],
}));

export function grainKey(grain: string): string {
  return grain.replace(/[^A-Za-z0-9]/g, '_');
}

/** Y-axis / number formats (d3-format patterns plus the named ones the formatters understand). */
export const NUMBER_FORMAT_CHOICES: readonly ControlChoice[] = [
  { value: 'SMART_NUMBER', labelKey: 'controls.numberFormats.smart' },
  { value: '~g', labelKey: 'controls.numberFormats.original' },
  { value: ',d', label: ',d (12,345)' },
  { value: '.1s', label: '.1s (12k)' },
  { value: '.3s', label: '.3s (12.3k)' },
  { value: ',.1%', label: ',.1% (12.3%)' },
  { value: '.2%', label: '.2% (12.35%)' },
  { value: '.3%', label: '.3% (12.345%)' },
  { value: '.4r', label: '.4r (12350)' },
  { value: ',.3f', label: ',.3f (12,345.432)' },
  { value: '+,', label: '+, (+12,345.4321)' },
  { value: '$,.2f', label: '$,.2f ($12,345.43)' },
  { value: 'DURATION', labelKey: 'controls.numberFormats.duration' },
  { value: 'DURATION_SUB', labelKey: 'controls.numberFormats.durationSub' },
  { value: 'DURATION_COL', labelKey: 'controls.numberFormats.durationCol' },
];

/** Time formats; 'smart_date' is adaptive. The default elsewhere is DD-MM-YYYY HH:mm:ss. */
export const TIME_FORMAT_CHOICES: readonly ControlChoice[] = [
  { value: 'smart_date', labelKey: 'controls.timeFormats.adaptive' },
  { value: '%d/%m/%Y', label: '%d/%m/%Y (DD/MM/YYYY)' },
  { value: '%m/%d/%Y', label: '%m/%d/%Y (MM/DD/YYYY)' },
  { value: '%Y-%m-%d', label: '%Y-%m-%d (ISO date)' },
  { value: '%Y-%m-%d %H:%M:%S', label: '%Y-%m-%d %H:%M:%S (ISO date-time)' },
  { value: '%d-%m-%Y %H:%M:%S', label: '%d-%m-%Y %H:%M:%S (DD-MM-YYYY HH:mm:ss)' },
  { value: '%H:%M', label: '%H:%M' },
];

export const SORT_SERIES_CHOICES: readonly ControlChoice[] = ['name', 'sum', 'min', 'max', 'avg'].map(
  (value) => ({ value, labelKey: `controls.sortSeries.${value}` }),
);

const hasValues = (formData: FormData, name: string) => {
  const value = formData[name];
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '';
};

export const sharedControls = {
  metrics: {
    name: 'metrics',
    type: 'MetricsControl',
    labelKey: 'controls.metrics',
    multi: true,
    default: [],
    validators: [nonEmpty],
  },
  metric: {
    name: 'metric',
    type: 'MetricControl',
    labelKey: 'controls.metric',
    validators: [nonEmpty],
  },
  groupby: {
    name: 'groupby',
    type: 'GroupByControl',
    labelKey: 'controls.dimensions',
    multi: true,
    default: [],
  },
  x_axis: {
    name: 'x_axis',
    type: 'TemporalColumnControl',
    labelKey: 'controls.xAxis',
    validators: [nonEmpty],
  },
  time_grain_sqla: {
    name: 'time_grain_sqla',
    type: 'TimeGrainControl',
    labelKey: 'controls.timeGrain',
    default: DEFAULT_TIME_GRAIN,
    choices: timeGrainChoices,
    clearable: true,
  },
  adhoc_filters: {
    name: 'adhoc_filters',
    type: 'AdhocFilterControl',
    labelKey: 'controls.filters',
    default: [],
  },
  time_range: {
    name: 'time_range',
    type: 'TimeRangeControl',
    labelKey: 'controls.timeRange',
    default: NO_FILTER,
  },
  row_limit: {
    name: 'row_limit',
    type: 'SelectControl',
    labelKey: 'controls.rowLimit',
    freeForm: true,
    default: DEFAULT_ROW_LIMIT,
    choices: ROW_LIMIT_CHOICES.map((value) => ({ value, label: String(value) })),
    validators: [integer, maxValue(MAX_ROW_LIMIT)],
  },
  limit: {
    name: 'limit',
    type: 'SelectControl',
    labelKey: 'controls.seriesLimit',
    freeForm: true,
    clearable: true,
    choices: SERIES_LIMIT_CHOICES.map((value) => ({ value, label: String(value) })),
    validators: [integer],
  },
  timeseries_limit_metric: {
    name: 'timeseries_limit_metric',
    type: 'MetricControl',
    labelKey: 'controls.sortBy',
    clearable: true,
  },
  order_desc: {
    name: 'order_desc',
    type: 'CheckboxControl',
    labelKey: 'controls.sortDescending',
    default: true,
    visibility: (formData) => hasValues(formData, 'timeseries_limit_metric'),
  },
  color_scheme: {
    name: 'color_scheme',
    type: 'ColorSchemeControl',
    labelKey: 'controls.colorScheme',
    default: DEFAULT_COLOR_SCHEME,
    renderTrigger: true,
  },
  y_axis_format: {
    name: 'y_axis_format',
    type: 'NumberFormatControl',
    labelKey: 'controls.numberFormat',
    freeForm: true,
    default: 'SMART_NUMBER',
    choices: NUMBER_FORMAT_CHOICES,
    renderTrigger: true,
  },
  currency_format: {
    name: 'currency_format',
    type: 'CurrencyControl',
    labelKey: 'controls.currencyFormat',
    renderTrigger: true,
  },
  x_axis_time_format: {
    name: 'x_axis_time_format',
    type: 'TimeFormatControl',
    labelKey: 'controls.timeFormat',
    freeForm: true,
    default: 'smart_date',
    choices: TIME_FORMAT_CHOICES,
    renderTrigger: true,
  },
  show_legend: {
    name: 'show_legend',
    type: 'CheckboxControl',
    labelKey: 'controls.showLegend',
    default: true,
    renderTrigger: true,
  },
  sort_series_type: {
    name: 'sort_series_type',
    type: 'SelectControl',
    labelKey: 'controls.sortSeriesBy',
    default: 'sum',
    choices: SORT_SERIES_CHOICES,
    renderTrigger: true,
  },
  sort_series_ascending: {
    name: 'sort_series_ascending',
    type: 'CheckboxControl',
    labelKey: 'controls.sortSeriesAscending',
    default: false,
    renderTrigger: true,
  },
} satisfies Record<string, ControlConfig>;

/** Default form data of a control panel: every control's default, keyed by name. */
export function controlDefaults(
  sections: ReadonlyArray<{ controlRows: ControlConfig[][] }>,
): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const section of sections)
    for (const row of section.controlRows)
      for (const control of row) if (control.default !== undefined) defaults[control.name] = control.default;
  return defaults;
}
