import { columnLabel, type QueryColumn } from '../../query/types.ts';
import { boolOf } from '../echartsShared/formData.ts';
import { singleQuery } from '../echartsShared/query.ts';
import { columnsOf, intOf } from '../shared/query.ts';
import type { FormData, QueryContext } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

/**
 * One query of raw values (no metrics) of the column and the group-by columns; the server's `histogram`
 * post-processing counts them into equal-width bins per group.
 */
export function buildQuery(formData: FormData): QueryContext {
  return singleQuery(formData, controlPanel, (values) => {
    const column = columnsOf(values, 'column')[0] as QueryColumn | undefined;
    const groupby = columnsOf(values, 'groupby');
    return {
      columns: [...groupby, ...(column === undefined ? [] : [column])],
      post_processing: [
        {
          operation: 'histogram',
          options: {
            column: column === undefined ? '' : columnLabel(column),
            groupby: groupby.map(columnLabel),
            bins: intOf(values.bins, 5),
            cumulative: boolOf(values.cumulative, false),
            normalize: boolOf(values.normalize, false),
          },
        },
      ],
    };
  });
}
