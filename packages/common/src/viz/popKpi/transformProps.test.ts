import { describe, expect, it } from 'vitest';
import type { ChartDataResult, ChartProps, DatasourceMeta, FormData } from '../types.ts';
import { percentChange, transformProps } from './transformProps.ts';
import type { PopKpiChartProps } from './types.ts';

const datasource: DatasourceMeta = {
  id: 2,
  type: 'table',
  columns: [],
  metrics: [{ metric_name: 'revenue', verbose_name: 'Revenue', d3format: ',.0f', currency: null }],
  verboseMap: { revenue: 'Revenue', order_ts: 'Order time' },
};

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '2__table',
  viz_type: 'pop_kpi',
  metric: 'revenue',
  adhoc_filters: [
    {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'order_ts',
      operator: 'TEMPORAL_RANGE',
      comparator: '2025-01-01 : 2026-01-01',
    },
  ],
  ...extra,
});

const result = (row: Record<string, unknown>, from: string, to: string): ChartDataResult => ({
  data: [row],
  colnames: Object.keys(row),
  coltypes: Object.keys(row).map(() => 0),
  rowcount: 1,
  from_dttm: Date.parse(`${from}T00:00:00Z`),
  to_dttm: Date.parse(`${to}T00:00:00Z`),
});

function kpi(extra: Partial<FormData>, queriesData: ChartDataResult[], more: Partial<ChartProps> = {}) {
  const render = transformProps({
    formData: formData(extra),
    queriesData,
    width: 300,
    height: 200,
    datasource,
    locale: 'en',
    ...more,
  });
  expect(render.renderer).toBe('popKpi');
  return (render as { props: unknown }).props as PopKpiChartProps;
}

describe('period comparison transformProps', () => {
  it("reads the previous year's value from the offset column and shows the change", () => {
    const props = kpi({ time_comparison: 'y' }, [
      result({ revenue: 1500, 'revenue__1 year ago': 1200 }, '2025-01-01', '2026-01-01'),
    ]);
    expect(props).toMatchObject({
      value: 1500,
      headerText: '1,500',
      previousText: '1,200',
      differenceText: '300',
      percentText: '+25.0%',
      emptyReason: null,
      changeTone: null,
      currentPeriod: '2025-01-01 ≤ Order time ≤ 2025-12-31',
      previousPeriod: '2024-01-01 ≤ Order time ≤ 2024-12-31',
    });
  });

  it('names the inherited period as the same length just before', () => {
    const props = kpi({ time_comparison: 'r' }, [
      result({ revenue: 80, revenue__inherit: 100 }, '2025-03-01', '2025-03-11'),
    ]);
    expect(props).toMatchObject({
      previousText: '100',
      differenceText: '−20',
      percentText: '−20.0%',
      previousPeriod: '2025-02-19 ≤ Order time ≤ 2025-02-28',
    });
  });

  it('reads a custom comparison from the second query, and colours the change when asked', () => {
    const custom = [
      {
        expressionType: 'SIMPLE' as const,
        clause: 'WHERE' as const,
        subject: 'order_ts',
        operator: 'TEMPORAL_RANGE',
        comparator: '2023-01-01 : 2023-07-01',
      },
    ];
    const props = kpi({ time_comparison: 'c', adhoc_custom: custom, comparison_color_enabled: true }, [
      result({ revenue: 90 }, '2025-01-01', '2026-01-01'),
      result({ revenue: 120 }, '2023-01-01', '2023-07-01'),
    ]);
    expect(props).toMatchObject({
      previousText: '120',
      differenceText: '−30',
      percentText: '−25.0%',
      changeTone: 'negative',
      previousPeriod: '2023-01-01 ≤ Order time ≤ 2023-06-30',
    });
  });

  it('has no percent change against zero and no number without rows', () => {
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(5, -10)).toBe(1.5);
    const zero = kpi({ time_comparison: 'w' }, [
      result({ revenue: 5, 'revenue__1 week ago': 0 }, '2025-01-06', '2025-01-13'),
    ]);
    expect(zero).toMatchObject({ differenceText: '5', percentText: '' });
    const empty = kpi({}, [{ data: [], colnames: [], coltypes: [], rowcount: 0 }]);
    expect(empty).toMatchObject({ value: null, headerText: '', emptyReason: 'noData', previousPeriod: null });
  });
});
