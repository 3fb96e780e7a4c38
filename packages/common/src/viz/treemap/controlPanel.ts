/** Treemap: Superset's treemap_v2 form-data keys (groupby as the hierarchy, metric, label_type…). */
import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import {
  colorScheme,
  currencyFormat,
  dateFormat,
  labelType,
  numberFormat,
  rowLimit,
  section,
  showLabels,
  sortByMetric,
} from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlPanelConfig } from '../types.ts';

const KEYS = 'viz.types.treemap.controls';

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [
        {
          ...sharedControls.groupby,
          labelKey: `${KEYS}.hierarchy`,
          descriptionKey: `${KEYS}.hierarchyDescription`,
        },
      ],
      [sharedControls.metric],
      [sharedControls.adhoc_filters],
      [rowLimit(DEFAULT_ROW_LIMIT)],
      [sortByMetric],
    ]),
    section('chartOptions', [[colorScheme]]),
    section('labels', [
      [showLabels(true)],
      [
        {
          name: 'show_upper_labels',
          type: 'CheckboxControl',
          labelKey: `${KEYS}.showUpperLabels`,
          descriptionKey: `${KEYS}.showUpperLabelsDescription`,
          default: true,
          renderTrigger: true,
        },
      ],
      [labelType(['key', 'value', 'key_value'], 'key_value')],
      [numberFormat],
      [currencyFormat],
      [dateFormat],
    ]),
  ],
};
