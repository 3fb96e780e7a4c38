import { describe, expect, it } from 'vitest';
import { chartProps, optionOf } from '../echartsShared/testing.ts';
import { findCycle, mergeLinks, nodeValues } from './graph.ts';
import { transformProps } from './transformProps.ts';

const sankey = (rows: Array<Record<string, unknown>>, locale: 'en' | 'ru' = 'en') =>
  transformProps(
    chartProps(
      { viz_type: 'sankey_v2', source: 'from', target: 'to', metric: 'count', number_format: ',d' },
      rows,
      {
        locale,
      },
    ),
  );

const rows = [
  { from: 'Visit', to: 'Cart', count: 60 },
  { from: 'Visit', to: 'Exit', count: 40 },
  { from: 'Cart', to: 'Order', count: 45 },
  { from: 'Visit', to: 'Cart', count: 15 },
];

describe('sankey transformProps', () => {
  it('makes nodes and summed links with scheme colours', () => {
    const series = optionOf(sankey(rows)).series[0];
    expect(series.type).toBe('sankey');
    expect(series.data).toEqual([
      { name: 'Visit', itemStyle: { color: '#1FA8C9' } },
      { name: 'Cart', itemStyle: { color: '#454E7C' } },
      { name: 'Exit', itemStyle: { color: '#5AC189' } },
      { name: 'Order', itemStyle: { color: '#FF7F44' } },
    ]);
    expect(series.links).toEqual([
      { source: 'Visit', target: 'Cart', value: 75 },
      { source: 'Visit', target: 'Exit', value: 40 },
      { source: 'Cart', target: 'Order', value: 45 },
    ]);
  });

  it("gives a flow's value and its shares of both nodes in the tooltip", () => {
    const formatter = optionOf(sankey(rows)).tooltip.formatter;
    const edge = formatter({ dataType: 'edge', data: { source: 'Cart', target: 'Order', value: 45 } });
    expect(edge).toContain('Cart → Order');
    expect(edge).toContain('60.00%');
    expect(edge).toContain('100.00%');
    const node = formatter({ dataType: 'node', name: 'Visit', data: { name: 'Visit' } });
    expect(node).toContain('Count');
    expect(node).toContain('115');
  });

  it('refuses cycles with a translated message naming them', () => {
    expect(() => sankey([...rows, { from: 'Order', to: 'Visit', count: 1 }])).toThrow(
      'There is a loop in your Sankey, please provide a tree: Visit → Cart → Order → Visit',
    );
    expect(() => sankey([{ from: 'A', to: 'A', count: 1 }], 'ru')).toThrow('В диаграмме Санкей есть цикл');
  });

  it('finds cycles, merges links and sizes nodes', () => {
    expect(findCycle([{ source: 'a', target: 'b', value: 1 }])).toBeNull();
    expect(
      findCycle([
        { source: 'a', target: 'b', value: 1 },
        { source: 'b', target: 'c', value: 1 },
        { source: 'a', target: 'c', value: 1 },
      ]),
    ).toBeNull();
    expect(
      findCycle([
        { source: 'x', target: 'b', value: 1 },
        { source: 'b', target: 'c', value: 1 },
        { source: 'c', target: 'b', value: 1 },
      ]),
    ).toEqual(['b', 'c', 'b']);
    const long = Array.from({ length: 20000 }, (_, index) => ({
      source: `n${index}`,
      target: `n${index + 1}`,
      value: 1,
    }));
    expect(findCycle(long)).toBeNull();
    expect(
      mergeLinks([
        { source: 'a', target: 'b', value: 1 },
        { source: 'a', target: 'b', value: 2 },
      ]),
    ).toEqual([{ source: 'a', target: 'b', value: 3 }]);
    expect(
      nodeValues(mergeLinks(rows.map((row) => ({ source: row.from, target: row.to, value: row.count })))).get(
        'Cart',
      ),
    ).toBe(75);
  });
});
