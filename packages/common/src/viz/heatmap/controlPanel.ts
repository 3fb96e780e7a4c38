/**
 * Heatmap: Superset's heatmap_v2 form-data keys (x_axis, groupby as the y-axis, normalize_across,
 * linear_color_scheme, xscale_interval, left_margin, value_bounds, sort_x_axis…).
 */

import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import { nonEmpty, number } from '../../validation/index.ts';
import { currencyFormat, linearColorScheme, rowLimit, section } from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlChoice, ControlConfig, ControlPanelConfig } from '../types.ts';

const KEYS = 'viz.types.heatmap.controls';

export const SORT_AXIS_CHOICES = ['alpha_asc', 'alpha_desc', 'value_asc', 'value_desc'] as const;
export type SortAxis = (typeof SORT_AXIS_CHOICES)[number];
export const NORMALIZE_ACROSS = ['heatmap', 'x', 'y'] as const;
export type NormalizeAcross = (typeof NORMALIZE_ACROSS)[number];

const autoChoice: ControlChoice = { value: -1, labelKey: `${KEYS}.auto` };
const intervalChoices: ControlChoice[] = [
  autoChoice,
  ...Array.from({ length: 50 }, (_, index) => ({ value: index + 1, label: String(index + 1) })),
];
const marginChoices: ControlChoice[] = [
  { value: 'auto', labelKey: `${KEYS}.auto` },
  ...[50, 75, 100, 125, 150, 200].map((value) => ({ value, label: String(value) })),
];

function sortAxis(name: string, key: string): ControlConfig {
  return {
    name,
    type: 'SelectControl',
    labelKey: `${KEYS}.${key}`,
    default: 'alpha_asc',
    choices: SORT_AXIS_CHOICES.map((value) => ({ value, labelKey: `${KEYS}.sortAxis.${value}` })),
  };
}

function scaleInterval(name: string, key: string): ControlConfig {
  return {
    name,
    type: 'SelectControl',
    labelKey: `${KEYS}.${key}`,
    descriptionKey: `${KEYS}.${key}Description`,
    default: -1,
    choices: intervalChoices,
    renderTrigger: true,
  };
}

function margin(name: string, key: string): ControlConfig {
  return {
    name,
    type: 'SelectControl',
    labelKey: `${KEYS}.${key}`,
    descriptionKey: `${KEYS}.${key}Description`,
    freeForm: true,
    default: 'auto',
    choices: marginChoices,
    validators: [(value, formData) => (value === 'auto' ? null : number(value, formData))],
    renderTrigger: true,
  };
}

function checkbox(name: string, key: string, defaultValue: boolean): ControlConfig {
  return {
    name,
    type: 'CheckboxControl',
    labelKey: `${KEYS}.${key}`,
    descriptionKey: `${KEYS}.${key}Description`,
    default: defaultValue,
    renderTrigger: true,
  };
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [{ ...sharedControls.x_axis, type: 'ColumnControl' }],
      [
        {
          ...sharedControls.time_grain_sqla,
          // The compiler buckets only a temporal x-axis, so the usual P1D default is harmless elsewhere.
          descriptionKey: `${KEYS}.timeGrainDescription`,
        },
      ],
      [{ ...sharedControls.groupby, labelKey: `${KEYS}.yAxis`, multi: false, validators: [nonEmpty] }],
      [sharedControls.metric],
      [sharedControls.adhoc_filters],
      [rowLimit(DEFAULT_ROW_LIMIT)],
      [sortAxis('sort_x_axis', 'sortXAxis'), sortAxis('sort_y_axis', 'sortYAxis')],
      [
        {
          name: 'normalize_across',
          type: 'SelectControl',
          labelKey: `${KEYS}.normalizeAcross`,
          descriptionKey: `${KEYS}.normalizeAcrossDescription`,
          default: 'heatmap',
          choices: NORMALIZE_ACROSS.map((value) => ({
            value,
            labelKey: `${KEYS}.normalizeAcrossChoices.${value}`,
          })),
        },
      ],
    ]),
    section('chartOptions', [
      [
        {
          name: 'legend_type',
          type: 'SelectControl',
          labelKey: `${KEYS}.legendType`,
          default: 'continuous',
          choices: [
            { value: 'continuous', labelKey: `${KEYS}.legendTypes.continuous` },
            { value: 'piecewise', labelKey: `${KEYS}.legendTypes.piecewise` },
          ],
          renderTrigger: true,
        },
      ],
      [linearColorScheme],
      [
        {
          name: 'value_bounds',
          type: 'BoundsControl',
          labelKey: `${KEYS}.valueBounds`,
          descriptionKey: `${KEYS}.valueBoundsDescription`,
          default: [null, null],
          renderTrigger: true,
        },
      ],
      [
        scaleInterval('xscale_interval', 'xscaleInterval'),
        scaleInterval('yscale_interval', 'yscaleInterval'),
      ],
      [margin('left_margin', 'leftMargin'), margin('bottom_margin', 'bottomMargin')],
      [{ ...sharedControls.y_axis_format, labelKey: `${KEYS}.valueFormat` }],
      [sharedControls.x_axis_time_format],
      [currencyFormat],
      [sharedControls.show_legend],
      [checkbox('show_percentage', 'showPercentage', true), checkbox('show_values', 'showValues', false)],
      [checkbox('normalized', 'normalized', false)],
    ]),
  ],
};
