import { describe, expect, it } from 'vitest';
import { dataset } from '../testing/fixtures.ts';
import { columnKind, filterItems, panelItems } from './datasourceItems.ts';

const withNames = {
  ...dataset,
  columns: dataset.columns.map((column) =>
    column.column_name === 'revenue'
      ? {
          ...column,
          verbose_name: 'Revenue',
          verbose_name_ru: 'Выручка',
          is_certified: true,
          certified_by: 'Finance',
          warning_text: 'Gross',
        }
      : column,
  ),
};

describe('panelItems', () => {
  it('labels items with verbose names in the UI language, else their names', () => {
    const en = panelItems(withNames, 'en');
    expect(en.columns.map((item) => item.label)).toEqual(['order_ts', 'region', 'Revenue']);
    expect(en.metrics.map((item) => item.label)).toEqual(['COUNT(*)']);
    const ru = panelItems(withNames, 'ru');
    expect(ru.columns.map((item) => item.label)).toEqual(['order_ts', 'region', 'Выручка']);
    expect(ru.metrics.map((item) => item.label)).toEqual(['Количество']);
  });

  it('carries the type, certification and warning of each item', () => {
    const revenue = panelItems(withNames, 'en').columns[2];
    expect(revenue).toMatchObject({
      kind: 'column',
      name: 'revenue',
      columnKind: 'numeric',
      detail: 'DECIMAL(14,2)',
      certified: true,
      certifiedBy: 'Finance',
      warning: 'Gross',
    });
    expect(panelItems(withNames, 'en').columns[0]?.columnKind).toBe('temporal');
  });
});

describe('columnKind', () => {
  it('maps generic types, a time flag winning', () => {
    expect([0, 1, 2, 3, null].map((type) => columnKind(type, false))).toEqual([
      'numeric',
      'string',
      'temporal',
      'boolean',
      'unknown',
    ]);
    expect(columnKind(1, true)).toBe('temporal');
  });
});

describe('filterItems', () => {
  it('matches names and shown labels in any case', () => {
    const { columns } = panelItems(withNames, 'ru');
    expect(filterItems(columns, 'ВЫРУЧ').map((item) => item.name)).toEqual(['revenue']);
    expect(filterItems(columns, 'rev').map((item) => item.name)).toEqual(['revenue']);
    expect(filterItems(columns, 'ORDER').map((item) => item.name)).toEqual(['order_ts']);
    expect(filterItems(columns, ' ')).toHaveLength(3);
  });
});
