/** Funnel: Superset's form-data keys (groupby, metric, sort_by_metric, percent_calculation_type…). */
import {
  colorScheme,
  currencyFormat,
  labelType,
  legendControls,
  numberFormat,
  rowLimit,
  SHARED_KEYS,
  section,
  showLabels,
  sortByMetric,
} from '../echartsShared/controls.ts';
import { LABEL_TYPES } from '../echartsShared/labelType.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlPanelConfig } from '../types.ts';

const KEYS = 'viz.types.funnel.controls';

export const PERCENT_CALCULATION_TYPES = ['first_step', 'prev_step', 'total'] as const;
export type PercentCalculationType = (typeof PERCENT_CALCULATION_TYPES)[number];

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [sharedControls.groupby],
      [sharedControls.metric],
      [sharedControls.adhoc_filters],
      [rowLimit(10)],
      [sortByMetric],
      [
        {
          name: 'percent_calculation_type',
          type: 'SelectControl',
          labelKey: `${KEYS}.percentCalculationType`,
          descriptionKey: `${KEYS}.percentCalculationTypeDescription`,
          default: 'first_step',
          choices: PERCENT_CALCULATION_TYPES.map((value) => ({
            value,
            labelKey: `${KEYS}.percentCalculationTypes.${value}`,
          })),
          renderTrigger: true,
        },
      ],
    ]),
    section('chartOptions', [[colorScheme], ...legendControls]),
    section('labels', [
      [labelType(LABEL_TYPES, 'key')],
      [
        labelType(
          LABEL_TYPES.filter((type) => type !== 'value_percent'),
          'key_value_percent',
          'tooltip_label_type',
          `${KEYS}.tooltipLabelType`,
        ),
      ],
      [numberFormat],
      [currencyFormat],
      [showLabels(true)],
      [
        {
          name: 'show_tooltip_labels',
          type: 'CheckboxControl',
          labelKey: `${KEYS}.showTooltipLabels`,
          descriptionKey: `${SHARED_KEYS}.controls.showLabelsDescription`,
          default: true,
          renderTrigger: true,
        },
      ],
    ]),
  ],
};
