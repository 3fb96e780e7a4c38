/**
 * Enumerations of the time-series family as Superset writes them in form data, so saved charts and
 * links from Superset keep their meaning. Labels are i18n keys under `viz.timeseries.choices.`.
 */
import { TIME_SHIFTS } from '../../time/timeShift.ts';
import type { ControlChoice } from '../types.ts';

/** The label of the legacy time column (no x_axis: is_timeseries + granularity). */
export const DTTM_ALIAS = '__timestamp';

export const ROLLING_TYPES = ['mean', 'sum', 'std', 'cumsum'] as const;
export type RollingWindowType = (typeof ROLLING_TYPES)[number];

export const COMPARISON_TYPES = ['values', 'difference', 'percentage', 'ratio'] as const;
export type ComparisonType = (typeof COMPARISON_TYPES)[number];

export const RESAMPLE_RULES = ['1T', '1H', '1D', '7D', '1M', '1AS'] as const;
export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum'] as const;

export const CONTRIBUTION_MODES = ['row', 'column'] as const;
export type ContributionMode = (typeof CONTRIBUTION_MODES)[number];

/** Superset's stack control: Stack, Stream (centred around zero) and Expand (each x normalised to 100%). */
export const STACK_MODES = ['Stack', 'Stream', 'Expand'] as const;
export type StackMode = (typeof STACK_MODES)[number];

export const LEGEND_TYPES = ['scroll', 'plain'] as const;
export type LegendType = (typeof LEGEND_TYPES)[number];
export const LEGEND_ORIENTATIONS = ['top', 'bottom', 'left', 'right'] as const;
export type LegendOrientation = (typeof LEGEND_ORIENTATIONS)[number];

export const ORIENTATIONS = ['vertical', 'horizontal'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** How one query's series are drawn (mixed chart's seriesType / seriesTypeB). */
export const SERIES_TYPES = ['line', 'scatter', 'smooth', 'bar', 'start', 'middle', 'end'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];

export const TITLE_MARGINS = [15, 30, 50, 75, 100, 125, 150, 200] as const;
export const LABEL_ROTATIONS = [0, 45, 90] as const;

export const DEFAULT_MARKER_SIZE = 6;
export const DEFAULT_AREA_OPACITY = 0.2;
export const DEFAULT_TITLE_MARGIN = 15;

/** An i18n-friendly key of a free value ('1 year ago' → '1_year_ago'). */
export function choiceKey(value: string | number): string {
  return String(value).replace(/[^A-Za-z0-9]/g, '_');
}

const choices = (group: string, values: readonly (string | number)[]): ControlChoice[] =>
  values.map((value) => ({ value, labelKey: `viz.timeseries.choices.${group}.${choiceKey(value)}` }));

/** A select's "None" entry: the control's value is null. */
const none = (group: string): ControlChoice => ({
  value: null,
  labelKey: `viz.timeseries.choices.${group}.none`,
});

export const ROLLING_TYPE_CHOICES: readonly ControlChoice[] = [
  none('rollingType'),
  ...choices('rollingType', ROLLING_TYPES),
];
export const COMPARISON_TYPE_CHOICES = choices('comparisonType', COMPARISON_TYPES);
export const TIME_SHIFT_CHOICES = choices('timeShift', TIME_SHIFTS);
export const RESAMPLE_RULE_CHOICES: readonly ControlChoice[] = [
  none('resampleRule'),
  ...choices('resampleRule', RESAMPLE_RULES),
];
export const RESAMPLE_METHOD_CHOICES: readonly ControlChoice[] = [
  none('resampleMethod'),
  ...choices('resampleMethod', RESAMPLE_METHODS),
];
export const CONTRIBUTION_CHOICES: readonly ControlChoice[] = [
  none('contributionMode'),
  ...choices('contributionMode', CONTRIBUTION_MODES),
];
export const STACK_CHOICES: readonly ControlChoice[] = [none('stack'), ...choices('stack', STACK_MODES)];
export const LEGEND_TYPE_CHOICES = choices('legendType', LEGEND_TYPES);
export const LEGEND_ORIENTATION_CHOICES = choices('legendOrientation', LEGEND_ORIENTATIONS);
export const ORIENTATION_CHOICES = choices('orientation', ORIENTATIONS);
export const SERIES_TYPE_CHOICES = choices('seriesType', SERIES_TYPES);
export const TITLE_MARGIN_CHOICES: readonly ControlChoice[] = TITLE_MARGINS.map((value) => ({
  value,
  label: String(value),
}));
export const LABEL_ROTATION_CHOICES: readonly ControlChoice[] = LABEL_ROTATIONS.map((value) => ({
  value,
  label: `${value}°`,
}));
