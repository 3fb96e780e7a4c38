/**
 * Box plot: Superset's form-data keys — `columns` are what the distribution is computed across, `groupby`
 * makes one box per group, `whiskerOptions` picks the whiskers.
 */

import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import { nonEmpty } from '../../validation/index.ts';
import { colorScheme, dateFormat, numberFormat, rowLimit, section } from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig, Validator } from '../types.ts';
import { WHISKER_OPTIONS, whiskersOf } from './whiskers.ts';

const KEYS = 'viz.types.boxPlot.controls';

export const X_TICKS_LAYOUTS = ['auto', 'flat', '45°', '90°', 'staggered'] as const;

const knownWhiskers: Validator = (value) =>
  whiskersOf(value) === null ? { key: 'viz.types.boxPlot.validation.whiskers' } : null;

function axisTitle(name: string, key: string): ControlConfig {
  return { name, type: 'TextControl', labelKey: `${KEYS}.${key}`, default: '', renderTrigger: true };
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [
        {
          ...sharedControls.groupby,
          name: 'columns',
          labelKey: `${KEYS}.columns`,
          descriptionKey: `${KEYS}.columnsDescription`,
          validators: [nonEmpty],
        },
      ],
      [sharedControls.metrics],
      [sharedControls.adhoc_filters],
      [{ ...sharedControls.groupby, descriptionKey: `${KEYS}.groupbyDescription` }],
      [sharedControls.limit],
      [sharedControls.timeseries_limit_metric],
      [sharedControls.order_desc],
      [rowLimit(DEFAULT_ROW_LIMIT)],
      [
        {
          name: 'whiskerOptions',
          type: 'SelectControl',
          labelKey: `${KEYS}.whiskerOptions`,
          descriptionKey: `${KEYS}.whiskerOptionsDescription`,
          default: 'Tukey',
          choices: WHISKER_OPTIONS.map((value, index) => ({
            value,
            labelKey: `${KEYS}.whiskerChoices.${['tukey', 'minMax', 'p2_98', 'p9_91'][index]}`,
          })),
          validators: [knownWhiskers],
        },
      ],
    ]),
    section('chartOptions', [
      [colorScheme],
      [
        {
          name: 'x_ticks_layout',
          type: 'SelectControl',
          labelKey: `${KEYS}.xTicksLayout`,
          descriptionKey: `${KEYS}.xTicksLayoutDescription`,
          default: 'auto',
          choices: X_TICKS_LAYOUTS.map((value) =>
            value === 'auto' || value === 'flat' || value === 'staggered'
              ? { value, labelKey: `${KEYS}.xTicksLayouts.${value}` }
              : { value, label: value },
          ),
          renderTrigger: true,
        },
      ],
      [numberFormat],
      [dateFormat],
      [axisTitle('x_axis_title', 'xAxisTitle'), axisTitle('y_axis_title', 'yAxisTitle')],
      [
        {
          name: 'zoomable',
          type: 'CheckboxControl',
          labelKey: `${KEYS}.zoomable`,
          descriptionKey: `${KEYS}.zoomableDescription`,
          default: false,
          renderTrigger: true,
        },
      ],
    ]),
  ],
};
