/**
 * The pivot table's controls, as Superset's pivot offers them: row and column dimensions, metrics and
 * where they go, the cell limit and sort; then the aggregation, totals and subtotals, transposing,
 * formats, key orders and conditional colours.
 */
import { integer, nonEmpty } from '../../validation/index.ts';
import { SERIES_LIMIT_CHOICES, sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';
import { AGGREGATE_FUNCTION_KEYS, AGGREGATE_FUNCTIONS, DEFAULT_AGGREGATE_FUNCTION } from './aggregators.ts';
import { SORT_ORDERS } from './pivot.ts';

const KEYS = 'viz.types.pivotTable';

export const METRICS_LAYOUTS = ['COLUMNS', 'ROWS'] as const;
export type MetricsLayout = (typeof METRICS_LAYOUTS)[number];

const dimensions = (name: string, key: string): ControlConfig => ({
  ...sharedControls.groupby,
  name,
  labelKey: `${KEYS}.controls.${key}`,
  descriptionKey: `${KEYS}.controls.${key}Description`,
});

function checkbox(name: string, defaultValue = false): ControlConfig {
  return {
    name,
    type: 'CheckboxControl',
    labelKey: `${KEYS}.controls.${name}`,
    descriptionKey: `${KEYS}.controls.${name}Description`,
    default: defaultValue,
    renderTrigger: true,
  };
}

const orderControl = (name: 'rowOrder' | 'colOrder'): ControlConfig => ({
  name,
  type: 'SelectControl',
  labelKey: `${KEYS}.controls.${name}`,
  default: 'key_a_to_z',
  choices: SORT_ORDERS.map((value) => ({ value, labelKey: `${KEYS}.orders.${value}` })),
  renderTrigger: true,
});

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: `${KEYS}.sections.query`,
      expanded: true,
      controlRows: [
        [dimensions('groupbyColumns', 'groupbyColumns')],
        [dimensions('groupbyRows', 'groupbyRows')],
        [{ ...sharedControls.time_grain_sqla, descriptionKey: `${KEYS}.controls.timeGrainDescription` }],
        [{ ...sharedControls.metrics, validators: [nonEmpty] }],
        [
          {
            name: 'metricsLayout',
            type: 'RadioButtonControl',
            labelKey: `${KEYS}.controls.metricsLayout`,
            default: 'COLUMNS',
            choices: METRICS_LAYOUTS.map((value) => ({ value, labelKey: `${KEYS}.metricsLayouts.${value}` })),
            renderTrigger: true,
          },
        ],
        [sharedControls.adhoc_filters],
        [
          {
            name: 'series_limit',
            type: 'SelectControl',
            labelKey: `${KEYS}.controls.cellLimit`,
            descriptionKey: `${KEYS}.controls.cellLimitDescription`,
            freeForm: true,
            clearable: true,
            choices: SERIES_LIMIT_CHOICES.map((value) => ({ value, label: String(value) })),
            validators: [integer],
          },
        ],
        [sharedControls.row_limit],
        [{ ...sharedControls.timeseries_limit_metric, name: 'series_limit_metric' }],
        [
          {
            ...sharedControls.order_desc,
            visibility: (formData) => {
              const sort = formData.series_limit_metric;
              return (
                sort !== undefined && sort !== null && sort !== '' && !(Array.isArray(sort) && !sort.length)
              );
            },
          },
        ],
      ],
    },
    {
      labelKey: `${KEYS}.sections.options`,
      expanded: true,
      controlRows: [
        [
          {
            name: 'aggregateFunction',
            type: 'SelectControl',
            labelKey: `${KEYS}.controls.aggregateFunction`,
            descriptionKey: `${KEYS}.controls.aggregateFunctionDescription`,
            default: DEFAULT_AGGREGATE_FUNCTION,
            clearable: false,
            choices: AGGREGATE_FUNCTIONS.map((value) => ({
              value,
              labelKey: `${KEYS}.aggregators.${AGGREGATE_FUNCTION_KEYS[value]}`,
            })),
            renderTrigger: true,
          },
        ],
        [checkbox('rowTotals'), checkbox('rowSubTotals')],
        [checkbox('colTotals'), checkbox('colSubTotals')],
        [checkbox('transposePivot'), checkbox('combineMetric')],
        [
          {
            ...sharedControls.y_axis_format,
            name: 'valueFormat',
            labelKey: `${KEYS}.controls.valueFormat`,
          },
        ],
        [sharedControls.currency_format],
        [
          {
            ...sharedControls.x_axis_time_format,
            name: 'date_format',
            labelKey: `${KEYS}.controls.dateFormat`,
          },
        ],
        [orderControl('rowOrder'), orderControl('colOrder')],
        [
          {
            name: 'conditional_formatting',
            type: 'ConditionalFormattingControl',
            labelKey: `${KEYS}.controls.conditionalFormatting`,
            descriptionKey: `${KEYS}.controls.conditionalFormattingDescription`,
            default: [],
            renderTrigger: true,
          },
        ],
      ],
    },
  ],
};
