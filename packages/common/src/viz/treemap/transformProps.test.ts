import { describe, expect, it } from 'vitest';
import { chartProps, optionOf } from '../echartsShared/testing.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { region: 'Europe', country: 'France', revenue: 50 },
  { region: 'Asia', country: 'Japan', revenue: 30 },
  { region: 'Europe', country: 'Spain', revenue: 20 },
];
const treemap = (extra: Record<string, unknown> = {}, locale: 'en' | 'ru' = 'en') =>
  optionOf(
    transformProps(
      chartProps(
        {
          viz_type: 'treemap_v2',
          groupby: ['region', 'country'],
          metric: 'revenue',
          number_format: ',d',
          ...extra,
        },
        rows,
        {
          locale,
        },
      ),
    ),
  );

describe('treemap transformProps', () => {
  it('builds the tree from flat rows under a root named after the metric', () => {
    const [root] = treemap().series[0].data;
    expect(root).toMatchObject({ name: 'Revenue', value: 100 });
    expect(root.children.map((node: { name: string; value: number }) => [node.name, node.value])).toEqual([
      ['Europe', 70],
      ['Asia', 30],
    ]);
    expect(root.children[0].children).toEqual([
      { name: 'France', value: 50 },
      { name: 'Spain', value: 20 },
    ]);
    expect(root.children[0].itemStyle.color).toBe('#1FA8C9');
    expect(root.children[1].itemStyle.color).toBe('#454E7C');
  });

  it('colours single-level tiles by the scheme and dashboard label colours', () => {
    const option = optionOf(
      transformProps(
        chartProps({ viz_type: 'treemap_v2', groupby: ['country'], metric: 'revenue' }, rows, {
          labelColors: { Japan: '#123456' },
        }),
      ),
    );
    expect(option.series[0].data[0].children).toEqual([
      { name: 'France', value: 50, itemStyle: { color: '#1FA8C9' } },
      { name: 'Japan', value: 30, itemStyle: { color: '#123456' } },
      { name: 'Spain', value: 20, itemStyle: { color: '#454E7C' } },
    ]);
  });

  it('labels tiles by label type, with the saved metric currency', () => {
    expect(treemap().series[0].label.formatter({ name: 'France', value: 5000 })).toBe('France: 5,000\u00a0€');
    expect(treemap({ label_type: 'key' }).series[0].label.formatter({ name: 'France', value: 5000 })).toBe(
      'France',
    );
    expect(
      treemap({ label_type: 'value' }, 'ru').series[0].upperLabel.formatter({ name: 'France', value: 5000 }),
    ).toBe('5\u00a0000\u00a0€');
    expect(treemap({ show_upper_labels: false }).series[0].upperLabel.show).toBe(false);
  });

  it('gives the path and the shares of the total and the parent in tooltips', () => {
    const html = treemap().tooltip.formatter({
      treePathInfo: [
        { name: 'Revenue', value: 100 },
        { name: 'Europe', value: 70 },
        { name: 'Spain', value: 20 },
      ],
    });
    expect(html).toContain('Europe ▸ Spain');
    expect(html).toContain('20.00%');
    expect(html).toContain('28.57%');
    expect(html).toContain('of parent');
  });
});
