import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { buildQuery } from './buildQuery.ts';
import { maskFromValue } from './mask.ts';
import { transformProps } from './transformProps.ts';

const filter = nativeFilter('c', 'filter_timecolumn', { targets: [{ datasetId: 3 }] });

describe('time column filter', () => {
  it("asks for the dataset's columns", () => {
    expect(buildQuery(filter)).toMatchObject({
      datasource: { id: 3, type: 'table' },
      result_type: 'columns',
    });
  });

  it('offers the temporal columns, from the query or the known dataset columns', () => {
    const queriesData = [
      {
        data: [
          { column_name: 'order_date', verbose_name: 'Order date', dtype: 'DATE' },
          { column_name: 'country', verbose_name: null, dtype: 'VARCHAR' },
          { column_name: 'ts', verbose_name: null, dtype: 'TIMESTAMP WITHOUT TIME ZONE' },
        ],
        colnames: [],
        coltypes: [],
        rowcount: 3,
      },
    ];
    expect(transformProps(filter, { queriesData })).toEqual({
      kind: 'options',
      hasMore: false,
      options: [
        { value: 'order_date', label: 'Order date' },
        { value: 'ts', label: 'ts' },
      ],
    });
    const datasetColumns = [
      { column_name: 'created', is_dttm: true },
      { column_name: 'name', is_dttm: false },
    ];
    expect(transformProps(filter, { queriesData: [], datasetColumns })).toMatchObject({
      options: [{ value: 'created', label: 'created' }],
    });
  });

  it('sets the time column of the charts in scope', () => {
    expect(maskFromValue(filter, ['order_date'])).toEqual({
      id: 'c',
      extraFormData: { granularity_sqla: 'order_date' },
      filterState: { value: ['order_date'], label: 'order_date' },
    });
    expect(maskFromValue(filter, 'ts').extraFormData).toEqual({ granularity_sqla: 'ts' });
    expect(maskFromValue(filter, []).extraFormData).toEqual({});
  });
});
