import { metricLabel, type QueryColumn } from '../../query/types.ts';
import { withDefaults } from '../echartsShared/formData.ts';
import type { CrossFilterRule } from '../shared/crossFilterTarget.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';

import { controlPanel, type SortAxis } from './controlPanel.ts';

/** A cell filters on its x and y values; the axes' sorts let the click find them in drawn order. */
export const crossFilterTarget: CrossFilterRule = (formData) => {
  const withSorts = withDefaults(controlPanel, formData);
  const x = formData.x_axis as QueryColumn | undefined;
  const [y] = columnsOf(formData, 'groupby');
  const [metric] = metricsOf(formData, 'metric');
  if (!x || !y || !metric) return null;
  return {
    kind: 'heatmap',
    x,
    y,
    metric: metricLabel(metric),
    sortX: withSorts.sort_x_axis as SortAxis,
    sortY: withSorts.sort_y_axis as SortAxis,
  };
};
