/** Sunburst: Superset's sunburst_v2 form-data keys (columns as the hierarchy, metric, secondary_metric…). */

import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import { nonEmpty } from '../../validation/index.ts';
import {
  colorScheme,
  currencyFormat,
  dateFormat,
  labelType,
  linearColorScheme,
  numberFormat,
  rowLimit,
  section,
  showLabels,
  showTotal,
  sortByMetric,
} from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlPanelConfig, FormData } from '../types.ts';

const KEYS = 'viz.types.sunburst.controls';
const hasSecondary = (formData: FormData) => Boolean(formData.secondary_metric);

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [
        {
          ...sharedControls.groupby,
          name: 'columns',
          labelKey: `${KEYS}.hierarchy`,
          descriptionKey: `${KEYS}.hierarchyDescription`,
          validators: [nonEmpty],
        },
      ],
      [
        {
          ...sharedControls.metric,
          labelKey: `${KEYS}.primaryMetric`,
          descriptionKey: `${KEYS}.primaryMetricDescription`,
        },
      ],
      [
        {
          name: 'secondary_metric',
          type: 'MetricControl',
          labelKey: `${KEYS}.secondaryMetric`,
          descriptionKey: `${KEYS}.secondaryMetricDescription`,
          clearable: true,
        },
      ],
      [sharedControls.adhoc_filters],
      [rowLimit(DEFAULT_ROW_LIMIT)],
      [sortByMetric],
    ]),
    section('chartOptions', [
      [colorScheme],
      [{ ...linearColorScheme, visibility: hasSecondary }],
      [showLabels(false)],
      [
        {
          name: 'show_labels_threshold',
          type: 'NumberControl',
          labelKey: `${KEYS}.showLabelsThreshold`,
          descriptionKey: `${KEYS}.showLabelsThresholdDescription`,
          default: 5,
          min: 0,
          max: 100,
          renderTrigger: true,
        },
      ],
      [showTotal],
      [labelType(['key', 'value', 'key_value'], 'key')],
      [numberFormat],
      [currencyFormat],
      [dateFormat],
    ]),
  ],
};
