import { describe, expect, it } from 'vitest';
import type { QueryContext } from '../types.ts';
import { fullCsvContext, pivotedCsvContext } from './exportContexts.ts';

const context = {
  datasource: { id: 1, type: 'table' },
  force: false,
  queries: [{ columns: ['country', 'city'], metrics: ['count'], row_limit: 100 }],
  result_format: 'json',
  result_type: 'full',
} as unknown as QueryContext;

describe('export query contexts', () => {
  it('pivots the rows down and the columns across as post-processing, as CSV', () => {
    const pivoted = pivotedCsvContext(context, {
      groupbyRows: ['city'],
      groupbyColumns: ['country'],
    } as never);
    expect(pivoted).toMatchObject({ result_format: 'csv', result_type: 'post_processed' });
    expect(pivoted.queries[0]?.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['city'],
          columns: ['country'],
          aggregates: { count: { operator: 'sum' } },
          drop_missing_columns: false,
        },
      },
      { operation: 'flatten' },
    ]);
    // Without row dimensions the columns go down.
    const down = pivotedCsvContext(context, { groupbyColumns: ['country'] } as never);
    expect(down.queries[0]?.post_processing?.[0]).toMatchObject({
      options: { index: ['country'], columns: [] },
    });
  });

  it('lifts the row limit to the ceiling for the full CSV', () => {
    const full = fullCsvContext(context, 100000);
    expect(full).toMatchObject({ result_format: 'csv', result_type: 'full' });
    expect(full.queries[0]?.row_limit).toBe(100000);
    expect(context.queries[0]?.row_limit).toBe(100);
  });
});
