/** Sankey: Superset's sankey_v2 form-data keys (source, target, metric, sort_by_metric). */

import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import { nonEmpty } from '../../validation/index.ts';
import {
  colorScheme,
  currencyFormat,
  numberFormat,
  rowLimit,
  section,
  sortByMetric,
} from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';

const KEYS = 'viz.types.sankey.controls';

function endpoint(name: string, key: string): ControlConfig {
  return {
    name,
    type: 'ColumnControl',
    labelKey: `${KEYS}.${key}`,
    descriptionKey: `${KEYS}.${key}Description`,
    validators: [nonEmpty],
  };
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [endpoint('source', 'source')],
      [endpoint('target', 'target')],
      [sharedControls.metric],
      [sharedControls.adhoc_filters],
      [rowLimit(DEFAULT_ROW_LIMIT)],
      [sortByMetric],
    ]),
    section('chartOptions', [[colorScheme], [numberFormat], [currencyFormat]]),
  ],
};
