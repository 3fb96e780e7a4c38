import { describe, expect, it } from 'vitest';
import { linearColorScale } from '../echartsShared/sequential.ts';
import { chartProps, optionOf } from '../echartsShared/testing.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { region: 'Europe', country: 'France', revenue: 60, count: 30 },
  { region: 'Europe', country: 'Spain', revenue: 20, count: 20 },
  { region: 'Asia', country: 'Japan', revenue: 20, count: 5 },
];
const sunburst = (extra: Record<string, unknown> = {}) =>
  optionOf(
    transformProps(
      chartProps(
        {
          viz_type: 'sunburst_v2',
          columns: ['region', 'country'],
          metric: 'revenue',
          number_format: ',d',
          ...extra,
        },
        rows,
      ),
    ),
  );

describe('sunburst transformProps', () => {
  it('builds rings from the flat rows and colours nodes by category', () => {
    const data = sunburst().series[0].data;
    expect(data.map((node: { name: string; value: number }) => [node.name, node.value])).toEqual([
      ['Europe', 80],
      ['Asia', 20],
    ]);
    expect(data[0].children.map((node: { name: string }) => node.name)).toEqual(['France', 'Spain']);
    expect(data[0].itemStyle.color).toBe('#1FA8C9');
    expect(data[0].children[0].itemStyle.color).toBe('#454E7C');
  });

  it('colours by the secondary / primary ratio on the sequential scheme', () => {
    const data = sunburst({ secondary_metric: 'count', linear_color_scheme: 'red_yellow_blue' }).series[0]
      .data;
    // Ratios: France 0.5, Spain 1 (the maximum), Japan 0.25; the domain starts at 0.
    expect(data[0].children[1].itemStyle.color).toBe('#4575b4');
    expect(data[0].children[0].itemStyle.color).toBe('#ffffbf');
    expect(data[0].children[0].secondaryValue).toBe(30);
    expect(linearColorScale(['#000000', '#ffffff'], [0, 4])(1)).toBe('#404040');
  });

  it('gives shares of the total and the parent, and the ratio with a secondary metric', () => {
    const path = [
      { name: 'Revenue', value: 100 },
      { name: 'Europe', value: 80 },
      { name: 'France', value: 60 },
    ];
    const plain = sunburst().tooltip.formatter({
      data: { value: 60, secondaryValue: 0 },
      treePathInfo: path,
    });
    expect(plain).toContain('Europe ▸ France');
    expect(plain).toContain('60.00%');
    expect(plain).toContain('75.00%');
    expect(plain).not.toContain('Count');
    const withSecondary = sunburst({ secondary_metric: 'count' }).tooltip.formatter({
      data: { value: 60, secondaryValue: 30 },
      treePathInfo: path,
    });
    expect(withSecondary).toContain('Revenue / Count');
    expect(withSecondary).toContain('50.00%');
  });

  it('labels by label type and shows the total', () => {
    const option = sunburst({ show_labels: true, label_type: 'key_value', show_total: true });
    expect(option.series[0].label.show).toBe(true);
    expect(option.series[0].label.formatter({ name: 'Asia', value: 20 })).toBe('Asia: 20\u00a0€');
    expect(option.graphic[0].style.text).toBe('Total: 100\u00a0€');
    expect(sunburst().graphic).toEqual([]);
  });
});
