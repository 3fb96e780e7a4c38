import { describe, expect, it } from 'vitest';
import { chartProps, optionOf, result } from '../echartsShared/testing.ts';
import { transformProps } from './transformProps.ts';

const rows = [
  { country: 'France', count: 60 },
  { country: 'Germany', count: 30 },
  { country: null, count: 10 },
];

describe('pie transformProps', () => {
  it('makes one coloured slice per row and a legend of their names', () => {
    const render = transformProps(
      chartProps({ viz_type: 'pie', groupby: ['country'], metric: 'count' }, rows),
    );
    expect(render).toMatchObject({ renderer: 'echarts', width: 800, height: 600 });
    const option = optionOf(render);
    expect(option.series[0].data).toEqual([
      { name: 'France', value: 60, itemStyle: { color: '#1FA8C9' } },
      { name: 'Germany', value: 30, itemStyle: { color: '#454E7C' } },
      { name: '<NULL>', value: 10, itemStyle: { color: '#5AC189' } },
    ]);
    expect(option.legend.data).toEqual(['France', 'Germany', '<NULL>']);
    expect(option.series[0].radius).toEqual(['0%', '70%']);
  });

  it('keeps dashboard label colours', () => {
    const option = optionOf(
      transformProps(
        chartProps({ viz_type: 'pie', groupby: ['country'], metric: 'count' }, rows, {
          labelColors: { Germany: '#ff0000' },
        }),
      ),
    );
    expect(option.series[0].data[1].itemStyle.color).toBe('#ff0000');
  });

  it('formats labels by label type with percentages of the total', () => {
    const label = (label_type: string, number_format = ',d') =>
      optionOf(
        transformProps(
          chartProps(
            { viz_type: 'pie', groupby: ['country'], metric: 'count', label_type, number_format },
            rows,
          ),
        ),
      ).series[0].label.formatter({ dataIndex: 0 });
    expect(label('key')).toBe('France');
    expect(label('value')).toBe('60');
    expect(label('percent')).toBe('60.00%');
    expect(label('key_value')).toBe('France: 60');
    expect(label('key_percent')).toBe('France: 60.00%');
    expect(label('key_value_percent')).toBe('France: 60 (60.00%)');
    expect(label('value_percent', '.1f')).toBe('60.0 (60.00%)');
  });

  it("uses the saved metric's format and currency when the chart sets none, in Russian", () => {
    const props = chartProps(
      { viz_type: 'pie', groupby: ['country'], metric: 'revenue', label_type: 'key_value_percent' },
      [
        { country: 'Франция', revenue: 1234.5 },
        { country: 'Германия', revenue: 415.5 },
      ],
      { locale: 'ru' },
    );
    const option = optionOf(transformProps(props));
    expect(option.series[0].label.formatter({ dataIndex: 0 })).toBe('Франция: 1\u00a0234,5\u00a0€ (74,82%)');
    expect(option.tooltip.formatter({ dataIndex: 1 })).toContain('Revenue');
  });

  it('shows a donut with the total in the middle and tooltips with escaped names', () => {
    const option = optionOf(
      transformProps(
        chartProps(
          {
            viz_type: 'pie',
            groupby: ['country'],
            metric: 'count',
            donut: true,
            innerRadius: 40,
            show_total: true,
          },
          [...rows, { country: '<b>x</b>', count: 0 }],
        ),
      ),
    );
    expect(option.series[0].radius).toEqual(['40%', '70%']);
    expect(option.graphic[0]).toMatchObject({ type: 'text', top: 'middle', style: { text: 'Total: 100' } });
    const tooltip = option.tooltip.formatter({ dataIndex: 3 });
    expect(tooltip).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(tooltip).not.toContain('<b>x');
  });

  it('formats temporal dimensions with the date format and hides labels when asked', () => {
    const data = result(
      [
        { ds: Date.UTC(2024, 0, 1), count: 2 },
        { ds: Date.UTC(2024, 1, 1), count: 3 },
      ],
      { ds: 2 },
    );
    const option = optionOf(
      transformProps(
        chartProps(
          { viz_type: 'pie', groupby: ['ds'], metric: 'count', date_format: '%Y-%m', show_labels: false },
          data,
        ),
      ),
    );
    expect(option.legend.data).toEqual(['2024-01', '2024-02']);
    expect(option.series[0].label.show).toBe(false);
  });

  it('keeps room for a legend on the right', () => {
    const option = optionOf(
      transformProps(
        chartProps(
          { viz_type: 'pie', groupby: ['country'], metric: 'count', legendOrientation: 'right' },
          rows,
        ),
      ),
    );
    expect(option.series[0].right).toBe(160);
    expect(option.legend).toMatchObject({ orient: 'vertical', right: 0 });
  });
});
