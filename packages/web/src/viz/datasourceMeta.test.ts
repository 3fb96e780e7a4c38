import type { ExploreDataset } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { toDatasourceMeta } from './datasourceMeta.ts';

function column(
  column_name: string,
  verbose_name: string | null,
  verbose_name_ru: string | null,
): ExploreDataset['columns'][number] {
  return {
    id: 1,
    column_name,
    verbose_name,
    verbose_name_ru,
    type: 'VARCHAR',
    type_generic: 1,
    is_dttm: false,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
    is_certified: false,
    certified_by: null,
    warning_text: null,
  };
}

function metric(
  metric_name: string,
  verbose_name: string | null,
  verbose_name_ru: string | null,
): ExploreDataset['metrics'][number] {
  return {
    id: 1,
    metric_name,
    verbose_name,
    verbose_name_ru,
    expression: 'SUM(revenue)',
    d3format: ',.2f',
    currency: { symbol: 'RUB', symbolPosition: 'suffix' },
    description: null,
    certified_by: null,
    certification_details: null,
    warning_text: null,
  };
}

const DATASET = {
  id: 7,
  type: 'table',
  verbose_map: { __timestamp: 'Time', city: 'City', revenue_sum: 'Revenue' },
  columns: [column('city', 'City', 'Город'), column('store', 'Store', ''), column('raw', null, null)],
  metrics: [metric('revenue_sum', 'Revenue', 'Выручка'), metric('orders', 'Orders', null)],
} as unknown as ExploreDataset;

describe('toDatasourceMeta', () => {
  it('uses Russian verbose names in a Russian UI, English where none is set', () => {
    const meta = toDatasourceMeta(DATASET, 'ru');
    expect(meta.columns.map((c) => c.verbose_name)).toEqual(['Город', 'Store', null]);
    expect(meta.metrics.map((m) => m.verbose_name)).toEqual(['Выручка', 'Orders']);
    expect(meta.verboseMap).toEqual({
      __timestamp: 'Time',
      city: 'Город',
      store: 'Store',
      revenue_sum: 'Выручка',
      orders: 'Orders',
    });
  });

  it('uses the English names in an English UI', () => {
    const meta = toDatasourceMeta(DATASET, 'en');
    expect(meta.verboseMap.city).toBe('City');
    expect(meta.verboseMap.revenue_sum).toBe('Revenue');
    expect(meta.columns[0]).toEqual({
      column_name: 'city',
      verbose_name: 'City',
      type_generic: 1,
      is_dttm: false,
    });
  });

  it('keeps the metric formats and the datasource identity', () => {
    const meta = toDatasourceMeta(DATASET, 'en');
    expect(meta).toMatchObject({ id: 7, type: 'table' });
    expect(meta.metrics[0]).toMatchObject({
      d3format: ',.2f',
      currency: { symbol: 'RUB', symbolPosition: 'suffix' },
    });
  });

  it('reads a dataset from the dataset API, whose type is datasource_type', () => {
    const { type: _type, ...rest } = DATASET as unknown as Record<string, unknown>;
    const meta = toDatasourceMeta({ ...rest, datasource_type: 'table' } as never, 'ru');
    expect(meta.type).toBe('table');
    expect(meta.verboseMap.city).toBe('Город');
  });
});
