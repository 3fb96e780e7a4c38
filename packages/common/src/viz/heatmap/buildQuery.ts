import { columnLabel, metricLabel } from '../../query/types.ts';
import { singleQuery } from '../echartsShared/query.ts';
import { baseAxisColumn, columnsOf, metricsOf } from '../shared/query.ts';
import type { FormData, QueryContext } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

/**
 * One query: the metric by x and y, ordered by the axes sorted alphabetically (sorting by the metric is
 * done in transformProps over each axis's totals, so the row limit does not cut by single cells), and a
 * `rank` of the metric (within x or y when normalising across them) for the normalised colour scale.
 */
export function buildQuery(formData: FormData): QueryContext {
  return singleQuery(formData, controlPanel, (values) => {
    const x = baseAxisColumn(values, true);
    const y = columnsOf(values, 'groupby').slice(0, 1);
    const columns = [...(x ? [x] : []), ...y];
    const metrics = metricsOf(values, 'metric');
    const orderby: Array<[string, boolean]> = [];
    const sortX = String(values.sort_x_axis ?? '');
    const sortY = String(values.sort_y_axis ?? '');
    if (x && sortX.startsWith('alpha')) orderby.push([columnLabel(x), sortX.endsWith('asc')]);
    if (y[0] !== undefined && sortY.startsWith('alpha'))
      orderby.push([columnLabel(y[0]), sortY.endsWith('asc')]);
    const across = values.normalize_across;
    const groupBy =
      across === 'x' && x ? columnLabel(x) : across === 'y' && y[0] !== undefined ? columnLabel(y[0]) : null;
    return {
      columns,
      metrics,
      orderby,
      post_processing: metrics[0]
        ? [
            {
              operation: 'rank',
              options: { metric: metricLabel(metrics[0]), ...(groupBy ? { group_by: groupBy } : {}) },
            },
          ]
        : [],
    };
  });
}
