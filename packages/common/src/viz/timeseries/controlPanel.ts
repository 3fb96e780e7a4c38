/**
 * The control panel of the single-query charts: the query, advanced analytics (rolling window, time
 * comparison, resample), annotations, and the chart, axis and tooltip options. A chart type picks which
 * look controls it has (stack, area, markers, orientation) and their defaults.
 */
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig, ControlPanelSection } from '../types.ts';
import { timeseriesControls as c, stackWithExpand } from './controls.ts';

const section = (key: string) => `viz.timeseries.sections.${key}`;

/** The query of one chart (or of query A / B of the mixed chart, through `pick`). */
export function queryRows(): ControlConfig[][] {
  return [
    [sharedControls.metrics],
    [sharedControls.groupby],
    [c.contributionMode],
    [sharedControls.adhoc_filters],
    [sharedControls.limit],
    [sharedControls.timeseries_limit_metric],
    [sharedControls.order_desc],
    [sharedControls.row_limit],
    [c.truncate_metric],
    [c.show_empty_columns],
  ];
}

export function advancedAnalyticsRows(): ControlConfig[][] {
  return [
    [c.rolling_type],
    [c.rolling_periods, c.min_periods],
    [c.time_compare, c.comparison_type],
    [c.resample_rule, c.resample_method],
  ];
}

export function xAxisRows(): ControlConfig[][] {
  return [
    [c.x_axis_title, c.x_axis_title_margin],
    [sharedControls.x_axis_time_format],
    [c.xAxisLabelRotation],
  ];
}

export function tooltipRows(): ControlConfig[][] {
  return [[c.rich_tooltip, c.tooltipSortByMetric], [c.tooltipTimeFormat]];
}

export function legendRows(): ControlConfig[][] {
  return [[sharedControls.show_legend], [c.legendType, c.legendOrientation]];
}

export interface TimeseriesPanelOptions {
  /** Rows of the look controls this type has (stack, area, markers…), in the chart options section. */
  seriesRows: ControlConfig[][];
}

export function timeseriesControlPanel({ seriesRows }: TimeseriesPanelOptions): ControlPanelConfig {
  const sections: ControlPanelSection[] = [
    {
      labelKey: section('query'),
      expanded: true,
      controlRows: [[sharedControls.x_axis], [sharedControls.time_grain_sqla], ...queryRows()],
    },
    { labelKey: section('advancedAnalytics'), expanded: false, controlRows: advancedAnalyticsRows() },
    { labelKey: section('annotations'), expanded: false, controlRows: [[c.annotation_layers]] },
    {
      labelKey: section('chartOptions'),
      expanded: true,
      controlRows: [
        [sharedControls.color_scheme],
        ...seriesRows,
        [c.zoomable],
        ...legendRows(),
        [sharedControls.sort_series_type, sharedControls.sort_series_ascending],
      ],
    },
    { labelKey: section('xAxis'), expanded: true, controlRows: xAxisRows() },
    {
      labelKey: section('yAxis'),
      expanded: true,
      controlRows: [
        [c.y_axis_title, c.y_axis_title_margin],
        [sharedControls.y_axis_format],
        [sharedControls.currency_format],
        [c.logAxis, c.minorSplitLine],
        [c.truncateYAxis],
        [c.y_axis_bounds],
      ],
    },
    { labelKey: section('tooltip'), expanded: true, controlRows: tooltipRows() },
  ];
  return { sections };
}

/** Look rows of a line chart (also the smooth line): stack, area fill, markers, value labels. */
export const lineSeriesRows = (): ControlConfig[][] => [
  [c.stack],
  [c.area, c.opacity],
  [c.markerEnabled, c.markerSize],
  [c.show_value, c.only_total],
];

/** Line shapes an area can take (Superset's "series style"); bars and dots do not fill. */
export const AREA_SERIES_TYPES: ReadonlySet<string> = new Set(['line', 'smooth', 'start', 'middle', 'end']);

/** The area chart always fills; its opacity is always shown and stacking can expand to 100%. */
export const areaSeriesRows = (): ControlConfig[][] => [
  [
    {
      ...c.seriesType,
      choices: c.seriesType.choices.filter((choice) => AREA_SERIES_TYPES.has(String(choice.value))),
    },
  ],
  [stackWithExpand],
  [{ ...c.opacity, visibility: undefined }],
  [c.markerEnabled, c.markerSize],
  [c.show_value, c.only_total],
];

/** The scatter chart always shows markers: only their size is a choice. */
export const scatterSeriesRows = (): ControlConfig[][] => [
  [{ ...c.markerSize, visibility: undefined }],
  [c.show_value],
];

export const barSeriesRows = (): ControlConfig[][] => [
  [c.orientation],
  [stackWithExpand],
  [c.show_value, c.only_total],
];
