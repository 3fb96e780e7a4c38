/**
 * The mixed chart's panel: a shared x-axis, two queries (query B's controls are the `_b` twins of query
 * A's), how each query's series look (the `B` twins of the look controls) and which y-axis they use,
 * and a secondary y-axis with its own format, scale and bounds.
 */
import { sharedControls } from '../shared/controls.ts';
import {
  advancedAnalyticsRows,
  legendRows,
  queryRows,
  tooltipRows,
  xAxisRows,
} from '../timeseries/controlPanel.ts';
import { timeseriesControls as c, twinControl } from '../timeseries/controls.ts';
import { formDataOfQuery } from '../timeseries/formData.ts';
import type { ControlConfig, ControlPanelConfig, FormData } from '../types.ts';

const label = (name: string) => `viz.timeseries.controls.${name}`;
const section = (key: string) => `viz.timeseries.sections.${key}`;

/** Look controls whose query B twin is `<name>B` (Superset's spelling). */
export const SERIES_STYLE_KEYS = [
  'seriesType',
  'stack',
  'area',
  'opacity',
  'markerEnabled',
  'markerSize',
  'show_value',
  'only_total',
  'yAxisIndex',
] as const;

/** Form data as query B's look controls see it: `<name>B` values under `<name>`. */
export function seriesBView(formData: FormData): FormData {
  const view: FormData = { ...formData };
  for (const key of SERIES_STYLE_KEYS) view[key] = formData[`${key}B`];
  return view;
}

export const mixedControls = {
  // The mixed chart stacks each query's series or not: a checkbox, as in Superset.
  stack: {
    name: 'stack',
    type: 'CheckboxControl',
    labelKey: label('stack'),
    default: false,
    renderTrigger: true,
  },
  yAxisIndex: {
    name: 'yAxisIndex',
    type: 'SelectControl',
    labelKey: label('yAxisIndex'),
    choices: [
      { value: 0, labelKey: 'viz.timeseries.choices.yAxisIndex.primary' },
      { value: 1, labelKey: 'viz.timeseries.choices.yAxisIndex.secondary' },
    ],
    default: 0,
    renderTrigger: true,
  },
  show_query_identifiers: {
    name: 'show_query_identifiers',
    type: 'CheckboxControl',
    labelKey: label('showQueryIdentifiers'),
    descriptionKey: 'viz.timeseries.descriptions.showQueryIdentifiers',
    default: false,
    renderTrigger: true,
  },
  y_axis_format_secondary: {
    ...sharedControls.y_axis_format,
    name: 'y_axis_format_secondary',
    labelKey: label('yAxisFormatSecondary'),
  },
  currency_format_secondary: {
    ...sharedControls.currency_format,
    name: 'currency_format_secondary',
    labelKey: label('currencyFormatSecondary'),
  },
  logAxisSecondary: { ...c.logAxis, name: 'logAxisSecondary', labelKey: label('logAxisSecondary') },
  yAxisTitleSecondary: {
    ...c.y_axis_title,
    name: 'yAxisTitleSecondary',
    labelKey: label('yAxisTitleSecondary'),
  },
  y_axis_bounds_secondary: {
    ...c.y_axis_bounds,
    name: 'y_axis_bounds_secondary',
    labelKey: label('yAxisBoundsSecondary'),
  },
} satisfies Record<string, ControlConfig>;

const queryB = (control: ControlConfig) => twinControl(control, '_b', (fd) => formDataOfQuery(fd, 'B'));
const seriesB = (control: ControlConfig) => twinControl(control, 'B', seriesBView);

function seriesRows(): ControlConfig[][] {
  return [
    [c.seriesType],
    [mixedControls.stack],
    [c.area, c.opacity],
    [c.markerEnabled, c.markerSize],
    [c.show_value, c.only_total],
    [mixedControls.yAxisIndex],
  ];
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: section('query'),
      expanded: true,
      controlRows: [[sharedControls.x_axis], [sharedControls.time_grain_sqla]],
    },
    { labelKey: section('queryA'), expanded: true, controlRows: queryRows() },
    { labelKey: section('advancedAnalyticsA'), expanded: false, controlRows: advancedAnalyticsRows() },
    { labelKey: section('queryB'), expanded: true, controlRows: queryRows().map((row) => row.map(queryB)) },
    {
      labelKey: section('advancedAnalyticsB'),
      expanded: false,
      controlRows: advancedAnalyticsRows().map((row) => row.map(queryB)),
    },
    { labelKey: section('annotations'), expanded: false, controlRows: [[c.annotation_layers]] },
    {
      labelKey: section('chartOptions'),
      expanded: true,
      controlRows: [
        [sharedControls.color_scheme],
        [mixedControls.show_query_identifiers],
        [c.zoomable],
        ...legendRows(),
        [sharedControls.sort_series_type, sharedControls.sort_series_ascending],
      ],
    },
    { labelKey: section('seriesA'), expanded: true, controlRows: seriesRows() },
    {
      labelKey: section('seriesB'),
      expanded: true,
      controlRows: seriesRows().map((row) => row.map(seriesB)),
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
    {
      labelKey: section('yAxisSecondary'),
      expanded: false,
      controlRows: [
        [mixedControls.yAxisTitleSecondary],
        [mixedControls.y_axis_format_secondary],
        [mixedControls.currency_format_secondary],
        [mixedControls.logAxisSecondary],
        [mixedControls.y_axis_bounds_secondary],
      ],
    },
    { labelKey: section('tooltip'), expanded: true, controlRows: tooltipRows() },
  ],
};
