import { describe, expect, it } from 'vitest';
import { chartProps, optionOf, result } from '../echartsShared/testing.ts';
import { binLabel, transformProps } from './transformProps.ts';

const grouped = result([
  { gender: 'f', '0.0 - 10.5': 3, '10.5 - 21.0': 1 },
  { gender: 'm', '0.0 - 10.5': 1, '10.5 - 21.0': 5 },
]);

describe('histogram transformProps', () => {
  it('makes a bar series per group over the bins, labelled in the x-axis format', () => {
    const option = optionOf(
      transformProps(
        chartProps(
          { viz_type: 'histogram_v2', column: 'age', groupby: ['gender'], x_axis_format: '.1f' },
          grouped,
        ),
      ),
    );
    expect(option.xAxis.data).toEqual(['0.0 - 10.5', '10.5 - 21.0']);
    expect(option.series).toHaveLength(2);
    expect(option.series[0]).toMatchObject({
      type: 'bar',
      name: 'f',
      data: [3, 1],
      itemStyle: { color: '#1FA8C9' },
    });
    expect(option.series[1]).toMatchObject({ name: 'm', data: [1, 5], itemStyle: { color: '#454E7C' } });
    expect(option.legend.data).toEqual(['f', 'm']);
  });

  it('names a single series after the column and titles the axes', () => {
    const option = optionOf(
      transformProps(
        chartProps(
          {
            viz_type: 'histogram_v2',
            column: 'country',
            x_axis_title: 'Age',
            y_axis_title: 'Count',
            normalize: true,
          },
          result([{ '0 - 5': 0.25, '5 - 10': 0.75 }]),
        ),
      ),
    );
    expect(option.series[0].name).toBe('Country');
    expect(option.xAxis).toMatchObject({ name: 'Age', nameLocation: 'middle' });
    expect(option.yAxis).toMatchObject({ name: 'Count', nameGap: 55 });
    expect(option.xAxis.data).toEqual(['0 - 5', '5 - 10']);
  });

  it('shows shares and a total in the tooltip of grouped bins', () => {
    const option = optionOf(
      transformProps(chartProps({ viz_type: 'histogram_v2', column: 'age', groupby: ['gender'] }, grouped)),
    );
    const html = option.tooltip.formatter([
      { dataIndex: 1, seriesIndex: 0 },
      { dataIndex: 1, seriesIndex: 1 },
    ]);
    expect(html).toContain('10.5 - 21');
    expect(html).toContain('16.67%');
    expect(html).toContain('83.33%');
    expect(html).toContain('Total');
    expect(html).toContain('>6<');
  });

  it('formats bin edges in Russian and keeps names it cannot read', () => {
    const format = (value: number) => value.toFixed(1).replace('.', ',');
    expect(binLabel('-1.5 - 2.25', format)).toBe('-1,5 - 2,3');
    expect(binLabel('x - y', format)).toBe('x - y');
    const option = optionOf(
      transformProps(
        chartProps(
          {
            viz_type: 'histogram_v2',
            column: 'age',
            groupby: ['gender'],
            y_axis_format: ',.1f',
            show_value: true,
          },
          grouped,
          {
            locale: 'ru',
          },
        ),
      ),
    );
    expect(option.series[0].label).toMatchObject({ show: true, position: 'top' });
    expect(option.series[0].label.formatter({ value: 1234 })).toBe('1\u00a0234,0');
    expect(option.xAxis.data[0]).toBe('0 - 10,5');
  });
});
