import { describe, expect, it } from 'vitest';
import { CATEGORICAL_SCHEMES } from '../colors.ts';
import {
  baseFormData,
  chartProps,
  DAY,
  JAN_1,
  type Loose,
  optionOf,
  result,
} from './__fixtures__/chartProps.ts';
import type { SeriesStyle } from './formData.ts';
import { transformTimeseries } from './transformProps.ts';

const SUPERSET = CATEGORICAL_SCHEMES[0]?.colors ?? [];

/** Two countries over three days; DE has no value on the second day. */
const countries = result([
  { order_date: JAN_1, FR: 10, DE: 4 },
  { order_date: JAN_1 + DAY, FR: 12, DE: null },
  { order_date: JAN_1 + 2 * DAY, FR: 8, DE: 6 },
]);

function draw(
  overrides: Record<string, unknown>,
  data = countries,
  fixed: Partial<SeriesStyle> = {},
  extra = {},
) {
  const formData = baseFormData({ groupby: ['country'], ...overrides });
  return optionOf(transformTimeseries(chartProps(formData, [data], extra), { seriesType: 'line', ...fixed }));
}

const series = (option: Loose, name: string) => option.series.find((entry: Loose) => entry.name === name);

describe('time-series transformProps', () => {
  it('draws one line per column on a time axis, largest total first', () => {
    const option = draw({});
    expect(option.xAxis).toMatchObject({ type: 'time', minInterval: 86_400_000 });
    expect(option.yAxis.type).toBe('value');
    expect(option.series.map((entry: Loose) => [entry.id, entry.type])).toEqual([
      ['FR', 'line'],
      ['DE', 'line'],
    ]);
    expect(series(option, 'DE').data).toEqual([
      [JAN_1, 4],
      [JAN_1 + DAY, null],
      [JAN_1 + 2 * DAY, 6],
    ]);
    expect(option.legend).toMatchObject({ show: true, type: 'scroll', data: ['FR', 'DE'] });
  });

  it('sorts series by name, sum, min, max or average, either way', () => {
    const order = (type: string, ascending: boolean) =>
      draw({ sort_series_type: type, sort_series_ascending: ascending }).series.map(
        (entry: Loose) => entry.name,
      );
    expect(order('name', true)).toEqual(['DE', 'FR']);
    expect(order('sum', true)).toEqual(['DE', 'FR']);
    expect(order('min', false)).toEqual(['FR', 'DE']);
    expect(order('max', true)).toEqual(['DE', 'FR']);
    expect(order('avg', false)).toEqual(['FR', 'DE']);
  });

  it('takes colours from the scheme in series order, dashboard label colours first', () => {
    const option = draw({ color_scheme: 'supersetColors' });
    expect(series(option, 'FR').itemStyle.color).toBe(SUPERSET[0]);
    expect(series(option, 'DE').itemStyle.color).toBe(SUPERSET[1]);
    const forced = draw({}, countries, {}, { labelColors: { DE: '#123456' } });
    expect(series(forced, 'DE').itemStyle.color).toBe('#123456');
    expect(series(forced, 'FR').itemStyle.color).toBe(SUPERSET[0]);
  });

  it('uses a category axis for text and stacked numbers, a value axis for plain numbers', () => {
    const byCountry = result([{ country: 'FR', orders: 3 }], { country: 1 });
    expect(draw({ x_axis: 'country', groupby: [] }, byCountry).xAxis.type).toBe('category');
    const byYear = result([
      { year: 2023, orders: 3 },
      { year: 2024, orders: 5 },
    ]);
    const plain = draw({ x_axis: 'year', groupby: [] }, byYear);
    expect(plain.xAxis.type).toBe('value');
    expect(plain.series[0].data).toEqual([
      [2023, 3],
      [2024, 5],
    ]);
    const stacked = draw({ x_axis: 'year', groupby: [], stack: 'Stack' }, byYear);
    expect(stacked.xAxis.type).toBe('category');
    // On a category axis a number would be read as an index: x values are text.
    expect(stacked.series[0].data[0]).toEqual(['2023', 3]);
    expect(draw({ x_axis: 'year', groupby: [], xAxisForceCategorical: true }, byYear).xAxis.type).toBe(
      'category',
    );
  });

  it('stacks series and fills gaps next to values with zero', () => {
    const option = draw({ stack: 'Stack', area: true, opacity: 0.4 });
    for (const entry of option.series) {
      expect(entry.stack).toBe('obs');
      expect(entry.areaStyle).toEqual({ opacity: 0.4 });
    }
    expect(series(option, 'DE').data[1]).toEqual([JAN_1 + DAY, 0]);
  });

  it('expands stacks to shares of each x, from 0 to 100%', () => {
    const option = draw({ stack: 'Expand' }, countries, { area: true });
    expect(series(option, 'FR').data[0]).toEqual([JAN_1, 10 / 14]);
    expect(series(option, 'FR').data[1]).toEqual([JAN_1 + DAY, 1]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 1 });
    expect(option.yAxis.axisLabel.formatter(0.25)).toBe('25.0%');
  });

  it('centres a stream graph on a hidden baseline series', () => {
    const option = draw({ stack: 'Stream' }, countries, { area: true });
    const [baseline] = option.series;
    expect(baseline.id).toBe('__stream_baseline__');
    expect(baseline.data).toEqual([
      [JAN_1, -7],
      [JAN_1 + DAY, -6],
      [JAN_1 + 2 * DAY, -7],
    ]);
    expect(baseline.stack).toBe('obs');
    expect(option.legend.data).toEqual(['FR', 'DE']);
    const html = option.tooltip.formatter([
      { seriesId: '__stream_baseline__', seriesName: undefined, value: [JAN_1, -7], marker: '' },
      { seriesId: 'FR', seriesName: 'FR', value: [JAN_1, 10], marker: '' },
    ]);
    expect(html).toContain('FR');
    expect(html).not.toContain('-7');
  });

  it('shows markers and value labels; a stack labels its top with the total', () => {
    const option = draw({
      markerEnabled: true,
      markerSize: 9,
      show_value: true,
      stack: 'Stack',
      only_total: true,
    });
    const fr = series(option, 'FR');
    const de = series(option, 'DE');
    expect(fr).toMatchObject({ showSymbol: true, symbolSize: 9 });
    expect(de.label.formatter({ dataIndex: 0 })).toBe('14');
    expect(fr.label.formatter({ dataIndex: 0 })).toBe('');
    // On the second day DE has no value of its own (0 filled in): FR's label is not the top's.
    const each = draw({ show_value: true, stack: 'Stack', only_total: false });
    expect(series(each, 'FR').label.formatter({ dataIndex: 0 })).toBe('10');
  });

  it('formats the axis with y_axis_format and the locale', () => {
    const data = result([{ order_date: JAN_1, orders: 1234567.891 }]);
    const en = draw({ groupby: [], y_axis_format: ',.1f' }, data);
    expect(en.yAxis.axisLabel.formatter(1234567.891)).toBe('1,234,567.9');
    const ru = draw({ groupby: [], y_axis_format: ',.1f' }, data, {}, { locale: 'ru' });
    expect(ru.yAxis.axisLabel.formatter(1234567.891)).toBe('1\u00a0234\u00a0567,9');
  });

  it("uses a saved metric's format and currency, unless the chart chooses a currency", () => {
    const data = result([{ order_date: JAN_1, revenue: 1500, profit: 250.5 }]);
    const option = draw({ groupby: [], metrics: ['revenue', 'profit'] }, data);
    const html = option.tooltip.formatter([
      { seriesId: 'revenue', seriesName: 'Revenue', value: [JAN_1, 1500], marker: '' },
      { seriesId: 'profit', seriesName: 'Profit', value: [JAN_1, 250.5], marker: '' },
    ]);
    expect(html).toContain('1,500.00');
    expect(html).toContain('250.5\u00a0€');
    const chartCurrency = draw(
      {
        groupby: [],
        metrics: ['revenue', 'profit'],
        currency_format: { symbol: 'USD', symbolPosition: 'prefix' },
      },
      data,
    );
    expect(chartCurrency.yAxis.axisLabel.formatter(1500)).toBe('$1.5k');
  });

  it('a single saved metric formats the axis too', () => {
    const data = result([{ order_date: JAN_1, profit: 2000 }]);
    expect(draw({ groupby: [], metrics: ['profit'] }, data).yAxis.axisLabel.formatter(2000)).toBe(
      '2k\u00a0€',
    );
  });

  it('writes a rich tooltip: the time heading, each series, a stack total, names escaped', () => {
    const data = result([{ order_date: JAN_1, '<b>FR</b>': 10, DE: 4 }]);
    const option = draw({ stack: 'Stack', tooltipTimeFormat: '%Y-%m-%d' }, data);
    expect(option.tooltip.trigger).toBe('axis');
    const html: string = option.tooltip.formatter([
      {
        seriesId: '<b>FR</b>',
        seriesName: '<b>FR</b>',
        value: [JAN_1, 10],
        marker: '<span class="m"></span>',
      },
      { seriesId: 'DE', seriesName: 'DE', value: [JAN_1, 4], marker: '' },
    ]);
    expect(html).toContain('2024-01-01');
    expect(html).toContain('&lt;b&gt;FR&lt;/b&gt;');
    expect(html).toContain('<span class="m"></span>');
    expect(html).toMatch(/Total<\/td><td[^>]*>14</);
  });

  it('sorts tooltip rows by value when asked, and shows one point without rich tooltips', () => {
    const option = draw({ tooltipSortByMetric: true });
    const html: string = option.tooltip.formatter([
      { seriesId: 'DE', seriesName: 'DE', value: [JAN_1, 4], marker: '' },
      { seriesId: 'FR', seriesName: 'FR', value: [JAN_1, 10], marker: '' },
    ]);
    expect(html.indexOf('FR')).toBeLessThan(html.indexOf('DE'));
    const plain = draw({ rich_tooltip: false });
    expect(plain.tooltip.trigger).toBe('item');
    expect(
      plain.tooltip.formatter({ seriesId: 'DE', seriesName: 'DE', value: [JAN_1, 4], marker: '' }),
    ).toContain('DE');
  });

  it('places the legend, and hides it', () => {
    const left = draw({ legendType: 'plain', legendOrientation: 'left' });
    expect(left.legend).toMatchObject({ type: 'plain', orient: 'vertical', left: 0 });
    expect(left.grid.left).toBeGreaterThan(draw({}).grid.left);
    const hidden = draw({ show_legend: false });
    expect(hidden.legend.show).toBe(false);
    expect(hidden.grid.top).toBeLessThan(draw({}).grid.top);
  });

  it('adds a zoom slider and toolbox in the chart language when zoomable', () => {
    expect(draw({}).dataZoom).toEqual([]);
    const option = draw({ zoomable: true }, countries, {}, { locale: 'ru' });
    expect(option.dataZoom.map((zoom: Loose) => zoom.type)).toEqual(['slider', 'inside']);
    expect(option.dataZoom[0].xAxisIndex).toBe(0);
    expect(option.toolbox.feature.dataZoom.title).toEqual({
      zoom: 'Увеличить область',
      back: 'Сбросить масштаб',
    });
  });

  it('formats x-axis times with x_axis_time_format and names both axes', () => {
    const option = draw({
      x_axis_time_format: '%d.%m.%Y',
      x_axis_title: 'Day',
      x_axis_title_margin: 30,
      y_axis_title: 'Orders',
      xAxisLabelRotation: 45,
    });
    expect(option.xAxis.axisLabel.formatter(JAN_1)).toBe('01.01.2024');
    expect(option.xAxis).toMatchObject({ name: 'Day', nameGap: 30, axisLabel: { rotate: 45 } });
    expect(option.yAxis).toMatchObject({ name: 'Orders', nameGap: 30 });
  });

  it('scales the y-axis: log from the power of ten below the data, bounds when truncated', () => {
    const log = draw({ logAxis: true, minorSplitLine: true });
    expect(log.yAxis).toMatchObject({ type: 'log', min: 1, minorSplitLine: { show: true } });
    const bounded = draw({ truncateYAxis: true, y_axis_bounds: [2, '20'] });
    expect(bounded.yAxis).toMatchObject({ scale: true, min: 2, max: 20 });
    const ignored = draw({ truncateYAxis: false, y_axis_bounds: [2, 20] });
    expect(ignored.yAxis).not.toHaveProperty('min');
  });

  it('draws horizontal bars with the dimension on an inverted y-axis', () => {
    const option = draw({ orientation: 'horizontal' }, countries, { seriesType: 'bar' });
    expect(option.xAxis.type).toBe('value');
    expect(option.yAxis).toMatchObject({ type: 'time', inverse: true });
    expect(series(option, 'FR').data[0]).toEqual([10, JAN_1]);
    expect(series(option, 'FR').type).toBe('bar');
  });

  it('draws an empty chart for an empty result', () => {
    const option = draw({}, result([]));
    expect(option.series).toEqual([]);
    // No column types in the answer: the dataset says order_date is temporal.
    expect(option.xAxis.type).toBe('time');
    expect(option.legend.data).toEqual([]);
  });
});
