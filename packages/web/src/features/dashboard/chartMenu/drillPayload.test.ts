import type { QueryContext } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { datasourceId, drillPayload, drillSamplesPath, filterText } from './drillPayload.ts';

const CONTEXT: QueryContext = {
  datasource: { id: 3, type: 'table' },
  queries: [
    {
      columns: ['country'],
      metrics: ['count'],
      filters: [
        { col: 'country', op: 'IN', val: ['FR', 'DE'] },
        { col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last week' },
      ],
      extras: { where: "status = 'paid'", having: 'COUNT(*) > 1' },
      granularity: 'order_date',
      time_range: 'Last week',
    },
  ],
};

describe('drillPayload', () => {
  it('keeps the chart’s filters, time and WHERE, not its HAVING', () => {
    expect(drillPayload(CONTEXT)).toEqual({
      filters: CONTEXT.queries[0]?.filters,
      granularity: 'order_date',
      time_range: 'Last week',
      extras: { where: "status = 'paid'" },
    });
  });

  it('sends an empty payload for a chart without filters', () => {
    expect(drillPayload({ datasource: { id: 3, type: 'table' }, queries: [{}] })).toEqual({
      filters: [],
      granularity: null,
      time_range: null,
      extras: {},
    });
  });
});

describe('datasourceId', () => {
  it('reads numeric ids and "3__table" keys', () => {
    expect(datasourceId(CONTEXT)).toBe(3);
    expect(datasourceId({ ...CONTEXT, datasource: { id: '12__table', type: 'table' } })).toBe(12);
    expect(datasourceId({ ...CONTEXT, datasource: { id: 'uuid-like', type: 'table' } })).toBeNull();
  });
});

describe('drillSamplesPath and filterText', () => {
  it('pages by 50', () => {
    expect(drillSamplesPath(3, 2)).toBe(
      '/datasource/samples?datasource_id=3&datasource_type=table&page=2&per_page=50',
    );
  });

  it('describes filters', () => {
    expect(filterText({ col: 'country', op: 'IN', val: ['FR', 'DE'] })).toBe('country IN FR, DE');
    expect(filterText({ col: 'x', op: 'IS NULL' })).toBe('x IS NULL');
    expect(
      filterText({
        col: { label: 'Year', sqlExpression: 'year(ds)', expressionType: 'SQL' },
        op: '>',
        val: 2020,
      }),
    ).toBe('Year > 2020');
  });
});
