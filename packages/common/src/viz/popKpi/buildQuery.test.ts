import { describe, expect, it } from 'vitest';
import type { AdhocFilter, FormData } from '../types.ts';
import { buildQuery } from './buildQuery.ts';

const timeFilter = (range: string): AdhocFilter => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'order_ts',
  operator: 'TEMPORAL_RANGE',
  comparator: range,
});

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '2__table',
  viz_type: 'pop_kpi',
  metric: 'revenue',
  adhoc_filters: [timeFilter('2025-01-01 : 2026-01-01')],
  ...extra,
});

describe('period comparison buildQuery', () => {
  it.each([
    ['r', 'inherit'],
    ['y', '1 year ago'],
    ['m', '1 month ago'],
    ['w', '1 week ago'],
  ])('asks for the metric and, for range type %s, its value %s', (type, offset) => {
    const context = buildQuery(formData({ time_comparison: type }));
    expect(context.queries).toHaveLength(1);
    expect(context.queries[0]).toMatchObject({
      metrics: ['revenue'],
      filters: [{ col: 'order_ts', op: 'TEMPORAL_RANGE', val: '2025-01-01 : 2026-01-01' }],
      time_offsets: [offset],
    });
  });

  it('inherits the range when no range type is saved', () => {
    expect(buildQuery(formData()).queries[0]?.time_offsets).toEqual(['inherit']);
  });

  it('asks a custom comparison with a second query over the comparison filters', () => {
    const context = buildQuery(
      formData({
        time_comparison: 'c',
        adhoc_custom: [timeFilter('2023-01-01 : 2023-07-01')],
        extra_form_data: {
          time_range: 'Last year',
          filters: [{ col: 'country', op: 'IN', val: ['FR'] }],
        },
      }),
    );
    expect(context.queries).toHaveLength(2);
    const [current, comparison] = context.queries;
    expect(current?.time_offsets).toBeUndefined();
    // The dashboard's time range moves the current period, not the custom one; its other filters apply to both.
    expect(current?.filters).toEqual([
      { col: 'order_ts', op: 'TEMPORAL_RANGE', val: 'Last year' },
      { col: 'country', op: 'IN', val: ['FR'], isExtra: true },
    ]);
    expect(comparison).toMatchObject({
      metrics: ['revenue'],
      filters: [
        { col: 'order_ts', op: 'TEMPORAL_RANGE', val: '2023-01-01 : 2023-07-01' },
        { col: 'country', op: 'IN', val: ['FR'], isExtra: true },
      ],
    });
    expect(comparison?.time_range).toBeUndefined();
  });
});
