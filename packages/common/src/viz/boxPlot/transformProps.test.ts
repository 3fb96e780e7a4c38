import { describe, expect, it } from 'vitest';
import { chartProps, optionOf, result } from '../echartsShared/testing.ts';
import { transformProps } from './transformProps.ts';

const stats = (
  metric: string,
  [min, q1, median, q3, max, mean, count]: number[],
  outliers: number[] = [],
) => ({
  [`${metric}__mean`]: mean,
  [`${metric}__median`]: median,
  [`${metric}__max`]: max,
  [`${metric}__min`]: min,
  [`${metric}__q1`]: q1,
  [`${metric}__q3`]: q3,
  [`${metric}__count`]: count,
  [`${metric}__outliers`]: outliers,
});

const rows = result([
  { country: 'France', ...stats('count', [1, 2, 3, 4, 5, 3.2, 10], [40, -9]) },
  { country: 'Spain', ...stats('count', [2, 3, 4, 5, 6, 4, 8]) },
]);

describe('box plot transformProps', () => {
  it('draws a box per series from the server statistics, outliers as points', () => {
    const option = optionOf(
      transformProps(
        chartProps(
          { viz_type: 'box_plot', columns: ['city'], groupby: ['country'], metrics: ['count'] },
          rows,
        ),
      ),
    );
    expect(option.xAxis.data).toEqual(['France', 'Spain']);
    expect(option.series[0].type).toBe('boxplot');
    expect(option.series[0].data).toEqual([
      {
        name: 'France',
        value: [1, 2, 3, 4, 5],
        itemStyle: { color: '#1FA8C9', borderColor: '#1FA8C9', opacity: 0.6 },
      },
      {
        name: 'Spain',
        value: [2, 3, 4, 5, 6],
        itemStyle: { color: '#454E7C', borderColor: '#454E7C', opacity: 0.6 },
      },
    ]);
    expect(option.series).toHaveLength(2);
    expect(option.series[1]).toMatchObject({
      type: 'scatter',
      data: [
        ['France', 40],
        ['France', -9],
      ],
      itemStyle: { color: '#1FA8C9' },
    });
  });

  it('lists the statistics in the tooltip, translated', () => {
    const props = chartProps(
      {
        viz_type: 'box_plot',
        columns: ['city'],
        groupby: ['country'],
        metrics: ['count'],
        number_format: ',.1f',
      },
      rows,
      { locale: 'ru' },
    );
    const html = optionOf(transformProps(props)).series[0].tooltip.formatter({ dataIndex: 0 });
    expect(html).toContain('France');
    expect(html).toContain('Медиана');
    expect(html).toContain('3,0');
    expect(html).toContain('Выбросы');
    const english = optionOf(
      transformProps(
        chartProps(
          { viz_type: 'box_plot', columns: ['city'], groupby: ['country'], metrics: ['count'] },
          rows,
        ),
      ),
    ).series[0].tooltip.formatter({ dataIndex: 1 });
    expect(english).toContain('3rd quartile');
    expect(english).not.toContain('Outliers');
  });

  it('names boxes by metric without series and by series and metric with several metrics', () => {
    const single = result([{ ...stats('count', [1, 2, 3, 4, 5, 3, 4]) }]);
    expect(
      optionOf(
        transformProps(chartProps({ viz_type: 'box_plot', columns: ['city'], metrics: ['count'] }, single)),
      ).xAxis.data,
    ).toEqual(['Count']);
    const two = result([
      {
        country: 'France',
        ...stats('count', [1, 2, 3, 4, 5, 3, 4]),
        ...stats('revenue', [1, 1, 1, 1, 1, 1, 4]),
      },
    ]);
    const option = optionOf(
      transformProps(
        chartProps(
          { viz_type: 'box_plot', columns: ['city'], groupby: ['country'], metrics: ['count', 'revenue'] },
          two,
        ),
      ),
    );
    expect(option.xAxis.data).toEqual(['France, Count', 'France, Revenue']);
    expect(option.series[0].data[0].itemStyle.color).toBe(option.series[0].data[1].itemStyle.color);
  });

  it('rotates tick labels and zooms when asked', () => {
    const option = optionOf(
      transformProps(
        chartProps(
          {
            viz_type: 'box_plot',
            columns: ['city'],
            groupby: ['country'],
            metrics: ['count'],
            x_ticks_layout: '45°',
            zoomable: true,
          },
          rows,
        ),
      ),
    );
    expect(option.xAxis.axisLabel).toEqual({ rotate: -45 });
    expect(option.dataZoom).toEqual([{ type: 'inside', zoomOnMouseWheel: false, moveOnMouseWheel: true }]);
    expect(option.toolbox.feature.dataZoom.title.zoom).toBe('Zoom area');
  });
});
