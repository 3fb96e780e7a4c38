/** Histogram: Superset's histogram_v2 form-data keys (column, groupby, bins, normalize, cumulative…). */
import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import { MAX_HISTOGRAM_BINS } from '../../query/postProcessing/histogram.ts';
import { integer, maxValue, nonEmpty } from '../../validation/index.ts';
import { colorScheme, rowLimit, section } from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';

const KEYS = 'viz.types.histogram.controls';

function checkbox(name: string, key: string, renderTrigger: boolean): ControlConfig {
  return {
    name,
    type: 'CheckboxControl',
    labelKey: `${KEYS}.${key}`,
    descriptionKey: `${KEYS}.${key}Description`,
    default: false,
    ...(renderTrigger ? { renderTrigger } : {}),
  };
}

function axisTitle(name: string, key: string): ControlConfig {
  return { name, type: 'TextControl', labelKey: `${KEYS}.${key}`, default: '', renderTrigger: true };
}

function axisFormat(name: string, key: string): ControlConfig {
  return { ...sharedControls.y_axis_format, name, labelKey: `${KEYS}.${key}` };
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [
        {
          name: 'column',
          type: 'ColumnControl',
          labelKey: `${KEYS}.column`,
          descriptionKey: `${KEYS}.columnDescription`,
          validators: [nonEmpty],
        },
      ],
      [sharedControls.groupby],
      [sharedControls.adhoc_filters],
      [rowLimit(DEFAULT_ROW_LIMIT)],
      [
        {
          name: 'bins',
          type: 'SelectControl',
          labelKey: `${KEYS}.bins`,
          descriptionKey: `${KEYS}.binsDescription`,
          freeForm: true,
          default: 5,
          choices: [5, 10, 15, 20].map((value) => ({ value, label: String(value) })),
          validators: [integer, maxValue(MAX_HISTOGRAM_BINS)],
        },
      ],
      [checkbox('normalize', 'normalize', false), checkbox('cumulative', 'cumulative', false)],
    ]),
    section('chartOptions', [
      [colorScheme],
      [checkbox('show_value', 'showValue', true)],
      [sharedControls.show_legend],
      [axisTitle('x_axis_title', 'xAxisTitle'), axisFormat('x_axis_format', 'xAxisFormat')],
      [axisTitle('y_axis_title', 'yAxisTitle'), axisFormat('y_axis_format', 'yAxisFormat')],
    ]),
  ],
};
