import type { ChartDataResult } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { DIMMED_OPACITY, highlightSelection } from './highlight.ts';

const context = { horizontal: false, queriesData: null };

describe('highlightSelection', () => {
  it('dims the series other than the selected dimension value', () => {
    const option = {
      series: [
        { id: 'revenue, East', type: 'line', itemStyle: { color: 'red' } },
        { id: 'revenue, West', type: 'line', itemStyle: { color: 'blue' } },
      ],
    };
    const result = highlightSelection(option, { kind: 'series', column: 'region' }, ['East'], context);
    const [east, west] = result.series as Array<Record<string, unknown>>;
    expect(east).toBe(option.series[0]);
    expect(west?.itemStyle).toEqual({ color: 'blue', opacity: DIMMED_OPACITY });
    expect(west?.lineStyle).toEqual({ opacity: DIMMED_OPACITY });
  });

  it('dims the bars of other categories, reading the category from the point', () => {
    const option = {
      series: [
        {
          type: 'bar',
          data: [
            ['East', 5],
            ['West', 3],
          ],
        },
      ],
    };
    const result = highlightSelection(option, { kind: 'category', column: 'region' }, ['West'], context);
    expect((result.series as Array<{ data: unknown[] }>)[0]?.data).toEqual([
      { value: ['East', 5], itemStyle: { opacity: DIMMED_OPACITY } },
      ['West', 3],
    ]);
    const horizontal = { series: [{ type: 'bar', data: [[5, 'East']] }] };
    const kept = highlightSelection(horizontal, { kind: 'category', column: 'region' }, ['East'], {
      ...context,
      horizontal: true,
    });
    expect((kept.series as Array<{ data: unknown[] }>)[0]?.data).toEqual([[5, 'East']]);
  });

  it('dims the pie slices whose row holds another value', () => {
    const option = {
      series: [
        {
          type: 'pie',
          data: [
            { name: 'North', value: 1, itemStyle: { color: 'red' } },
            { name: 'South', value: 2 },
          ],
        },
      ],
    };
    const queriesData = [
      { data: [{ region: 'North' }, { region: 'South' }] },
    ] as unknown as ChartDataResult[];
    const result = highlightSelection(option, { kind: 'slice', column: 'region' }, ['South'], {
      horizontal: false,
      queriesData,
    });
    expect((result.series as Array<{ data: unknown[] }>)[0]?.data).toEqual([
      { name: 'North', value: 1, itemStyle: { color: 'red', opacity: DIMMED_OPACITY } },
      { name: 'South', value: 2 },
    ]);
  });

  it('leaves the option alone without a selection', () => {
    const option = { series: [{ id: 'a, b' }] };
    expect(highlightSelection(option, { kind: 'series', column: 'x' }, null, context)).toBe(option);
    expect(highlightSelection(option, { kind: 'series', column: 'x' }, [], context)).toBe(option);
  });
});
