import { describe, expect, it } from 'vitest';
import type { AggregateFunction } from './aggregators.ts';
import { type AxisAttr, computePivot, type KeyNode, type PivotSpec, type SortOrder } from './pivot.ts';

const salesData = [
  { region: 'EU', country: 'FR', year: 2023, sales: 10, orders: 1 },
  { region: 'EU', country: 'FR', year: 2024, sales: 20, orders: 2 },
  { region: 'EU', country: 'DE', year: 2023, sales: 30, orders: 3 },
  { region: 'US', country: 'NY', year: 2024, sales: 40, orders: 4 },
];

const column = (key: string): AxisAttr => ({ type: 'column', key });
const metric: AxisAttr = { type: 'metric' };

function spec(extra: Partial<PivotSpec> = {}): PivotSpec {
  return {
    rows: [column('region'), column('country')],
    cols: [metric, column('year')],
    metrics: ['sales'],
    aggregate: 'Sum',
    rowOrder: 'key_a_to_z',
    colOrder: 'key_a_to_z',
    ...extra,
  };
}

const leaves = (nodes: KeyNode[]): unknown[][] =>
  nodes.flatMap((node) => (node.children.length ? leaves(node.children) : [node.key]));

const valueWith = (aggregate: AggregateFunction, row: unknown[], col: unknown[]) =>
  computePivot(salesData, spec({ aggregate })).value(row as never, col as never);

describe('computePivot', () => {
  it('aggregates cells, subtotals and totals', () => {
    const pivot = computePivot(salesData, spec());
    expect(pivot.value(['EU', 'FR'], ['sales', 2023])).toBe(10);
    expect(pivot.value(['EU', 'FR'], ['sales'])).toBe(30);
    expect(pivot.value(['EU'], ['sales', 2023])).toBe(40);
    expect(pivot.value(['EU'], ['sales'])).toBe(60);
    expect(pivot.value([], ['sales', 2024])).toBe(60);
    expect(pivot.value([], [])).toBe(100);
    expect(pivot.value(['US', 'NY'], ['sales', 2023])).toBeNull();
  });

  it('divides by the grand total, the row total or the column total for fractions', () => {
    expect(valueWith('Sum as Fraction of Total', ['EU', 'FR'], ['sales', 2023])).toBe(0.1);
    expect(valueWith('Sum as Fraction of Rows', ['EU', 'FR'], ['sales', 2023])).toBeCloseTo(1 / 3, 10);
    expect(valueWith('Sum as Fraction of Columns', ['EU', 'FR'], ['sales', 2023])).toBe(0.25);
    expect(valueWith('Sum as Fraction of Columns', ['EU'], ['sales', 2023])).toBe(1);
    expect(valueWith('Sum as Fraction of Total', [], [])).toBe(1);
    expect(valueWith('Count as Fraction of Total', ['EU'], ['sales'])).toBe(0.75);
    expect(valueWith('Count as Fraction of Rows', ['EU', 'FR'], ['sales', 2024])).toBe(0.5);
    expect(valueWith('Count as Fraction of Columns', ['US', 'NY'], ['sales', 2024])).toBe(0.5);
  });

  it('computes every aggregation over the rows of a subtotal', () => {
    const eu = (aggregate: AggregateFunction) => valueWith(aggregate, ['EU'], ['sales']);
    expect(eu('Count')).toBe(3);
    expect(eu('Count Unique Values')).toBe(3);
    expect(eu('List Unique Values')).toBe('10, 20, 30');
    expect(eu('Average')).toBe(20);
    expect(eu('Median')).toBe(20);
    expect(eu('Sample Variance')).toBe(100);
    expect(eu('Sample Standard Deviation')).toBe(10);
    expect(eu('Minimum')).toBe(10);
    expect(eu('Maximum')).toBe(30);
    expect(eu('First')).toBe(10);
    expect(eu('Last')).toBe(30);
  });

  it('keeps metrics apart and leaves positions spanning several metrics empty', () => {
    const pivot = computePivot(salesData, spec({ metrics: ['sales', 'orders'] }));
    expect(pivot.value(['EU'], ['orders'])).toBe(6);
    expect(pivot.value([], ['orders', 2024])).toBe(6);
    expect(pivot.value([], [])).toBeNull();
    expect(pivot.value(['EU'], [])).toBeNull();
    expect(pivot.metricOf(['EU'], ['orders', 2023])).toBe(1);
    const fractions = computePivot(
      salesData,
      spec({ metrics: ['sales', 'orders'], aggregate: 'Sum as Fraction of Total' }),
    );
    expect(fractions.value(['US', 'NY'], ['orders', 2024])).toBe(0.4);
  });

  it('lists the metrics in their chosen order and the keys in natural order', () => {
    const pivot = computePivot(salesData, spec({ metrics: ['sales', 'orders'] }));
    expect(leaves(pivot.colTree)).toEqual([
      ['sales', 2023],
      ['sales', 2024],
      ['orders', 2023],
      ['orders', 2024],
    ]);
    expect(leaves(pivot.rowTree)).toEqual([
      ['EU', 'DE'],
      ['EU', 'FR'],
      ['US', 'NY'],
    ]);
  });

  const rowsIn = (rowOrder: SortOrder) => leaves(computePivot(salesData, spec({ rowOrder })).rowTree);

  it('orders row keys a to z, z to a, or by value within their group', () => {
    expect(rowsIn('key_z_to_a')).toEqual([
      ['US', 'NY'],
      ['EU', 'FR'],
      ['EU', 'DE'],
    ]);
    // EU (60) before US (40); FR and DE tie at 30 and follow their keys.
    expect(rowsIn('value_z_to_a')).toEqual([
      ['EU', 'FR'],
      ['EU', 'DE'],
      ['US', 'NY'],
    ]);
    expect(rowsIn('value_a_to_z')).toEqual([
      ['US', 'NY'],
      ['EU', 'DE'],
      ['EU', 'FR'],
    ]);
  });

  it('orders column keys by their totals', () => {
    const pivot = computePivot(salesData, spec({ colOrder: 'value_z_to_a' }));
    expect(leaves(pivot.colTree)).toEqual([
      ['sales', 2024],
      ['sales', 2023],
    ]);
  });

  it('has no keys on an axis without dimensions', () => {
    const pivot = computePivot(salesData, spec({ rows: [], cols: [metric] }));
    expect(pivot.rowTree).toEqual([]);
    expect(pivot.value([], ['sales'])).toBe(100);
  });
});
