/** The controls of the big number with time period comparison, as Superset's offers them. */
import { comparisonFilters } from '../../validation/index.ts';
import { headerFontSize, numberFormat, subheaderFontSize } from '../bigNumberTotal/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';
import { COMPARISON_TIME_RANGE_TYPES, DEFAULT_COMPARISON } from './comparison.ts';

export const KEYS = 'viz.types.popKpi';

const { custom, inheritedRange, year, month, week } = COMPARISON_TIME_RANGE_TYPES;

export const timeComparison: ControlConfig = {
  name: 'time_comparison',
  type: 'RadioButtonControl',
  labelKey: `${KEYS}.controls.timeComparison`,
  descriptionKey: `${KEYS}.controls.timeComparisonDescription`,
  default: DEFAULT_COMPARISON,
  choices: [
    { value: inheritedRange, labelKey: `${KEYS}.comparison.inheritedRange` },
    { value: year, labelKey: `${KEYS}.comparison.year` },
    { value: month, labelKey: `${KEYS}.comparison.month` },
    { value: week, labelKey: `${KEYS}.comparison.week` },
    { value: custom, labelKey: `${KEYS}.comparison.custom` },
  ],
};

/** The comparison period's own filters: shown, and required to have a value, for a custom comparison. */
export const adhocCustom: ControlConfig = {
  ...sharedControls.adhoc_filters,
  name: 'adhoc_custom',
  labelKey: `${KEYS}.controls.adhocCustom`,
  descriptionKey: `${KEYS}.controls.adhocCustomDescription`,
  visibility: (formData) => formData.time_comparison === custom,
  validators: [comparisonFilters('time_comparison')],
};

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: `${KEYS}.sections.query`,
      expanded: true,
      controlRows: [[sharedControls.metric], [sharedControls.adhoc_filters], [timeComparison], [adhocCustom]],
    },
    {
      labelKey: `${KEYS}.sections.chartOptions`,
      expanded: true,
      controlRows: [
        [numberFormat],
        [sharedControls.currency_format],
        [headerFontSize],
        [subheaderFontSize],
        [
          {
            name: 'comparison_color_enabled',
            type: 'CheckboxControl',
            labelKey: `${KEYS}.controls.comparisonColorEnabled`,
            descriptionKey: `${KEYS}.controls.comparisonColorEnabledDescription`,
            default: false,
            renderTrigger: true,
          },
        ],
      ],
    },
  ],
};
