import { describe, expect, it } from 'vitest';
import type { BigNumberChartProps } from '../bigNumberTotal/types.ts';
import type { ChartDataResult, ChartProps, DatasourceMeta, FormData } from '../types.ts';
import { percentChange, transformProps } from './transformProps.ts';

const datasource: DatasourceMeta = { id: 4, type: 'table', columns: [], metrics: [], verboseMap: {} };
const month = (m: number) => Date.UTC(2024, m, 1);

function bigNumber(
  extra: Partial<FormData>,
  data: Array<Record<string, unknown>>,
  more: Partial<ChartDataResult> = {},
  locale: ChartProps['locale'] = 'en',
): BigNumberChartProps {
  const render = transformProps({
    formData: {
      datasource: '4__table',
      viz_type: 'big_number',
      x_axis: 'order_date',
      time_grain_sqla: 'P1M',
      metric: 'count',
      ...extra,
    },
    queriesData: [
      { data, colnames: ['order_date', 'count'], coltypes: [2, 0], rowcount: data.length, ...more },
    ],
    width: 300,
    height: 200,
    datasource,
    locale,
  });
  expect(render.renderer).toBe('bigNumber');
  return (render as { props: unknown }).props as BigNumberChartProps;
}

const series = [
  { order_date: month(0), count: 100 },
  { order_date: month(2), count: 150 },
  { order_date: month(1), count: 120 },
];

describe('big number with trendline transformProps', () => {
  it('shows the latest value and the trend line in time order', () => {
    const props = bigNumber({}, series);
    expect(props.value).toBe(150);
    expect(props.headerText).toBe('150');
    expect(props.trendline?.points).toEqual([
      [month(0), 100],
      [month(1), 120],
      [month(2), 150],
    ]);
    expect(props.trendline?.color).toBe('rgba(0,122,135,1)');
    expect(props.trendline?.startYAxisAtZero).toBe(true);
    expect(props.trendline?.formatTime(month(2))).toBe('Mar 2024');
    expect(props.trendline?.formatValue(1500)).toBe('1.5k');
  });

  it('compares with the value compare_lag periods earlier as a signed percentage', () => {
    const up = bigNumber({ compare_lag: 2, compare_suffix: 'over 2 months' }, series);
    expect(up.subheader).toBe('+50.0% over 2 months');
    expect(up.changeTone).toBe('positive');
    const down = bigNumber({ compare_lag: '1' }, [
      { order_date: month(0), count: 200 },
      { order_date: month(1), count: 150 },
    ]);
    expect(down.subheader).toBe('\u221225.0%');
    expect(down.changeTone).toBe('negative');
    const ru = bigNumber({ compare_lag: 1, compare_suffix: 'к прошлому месяцу' }, series, {}, 'ru');
    expect(ru.subheader).toBe('+25,0% к прошлому месяцу');
  });

  it('keeps the subheader when the lag reaches beyond the data or the compared value is empty', () => {
    expect(bigNumber({ compare_lag: 5, subheader: 'orders' }, series).subheader).toBe('orders');
    expect(
      bigNumber(
        { compare_lag: 1, subheader: 'orders' },
        [...series, { order_date: month(3), count: 10 }].map((row) =>
          row.order_date === month(2) ? { ...row, count: null } : row,
        ),
      ).subheader,
    ).toBe('orders');
  });

  it('computes the change relative to the absolute earlier value, 0 against 0', () => {
    expect(percentChange(50, -100)).toBe(1.5);
    expect(percentChange(50, 0)).toBe(0);
  });

  it('falls back to the latest non-empty value and says it is not up to date', () => {
    const props = bigNumber({}, [...series, { order_date: month(3), count: null }]);
    expect(props.value).toBe(150);
    expect(props.staleSince).toBe('Mar 2024');
    expect(props.emptyReason).toBeNull();
  });

  it('explains an empty result and an all-empty series', () => {
    expect(bigNumber({}, [])).toMatchObject({ value: null, emptyReason: 'noData', trendline: null });
    expect(bigNumber({}, [{ order_date: month(0), count: null }])).toMatchObject({
      value: null,
      emptyReason: 'noDataLatest',
      staleSince: null,
    });
  });

  it('hides the trend line on request and shows the timestamp on request', () => {
    const props = bigNumber(
      { show_trend_line: false, show_timestamp: true, time_format: '%d.%m.%Y' },
      series,
    );
    expect(props.trendline).toBeNull();
    expect(props.timestamp).toBe('01.03.2024');
  });

  it('pads the trend line to the time range when fixed to it', () => {
    const props = bigNumber({ time_range_fixed: true }, series, { from_dttm: month(-1), to_dttm: month(5) });
    expect(props.trendline?.points[0]).toEqual([month(-1), null]);
    expect(props.trendline?.points.at(-1)).toEqual([month(5), null]);
  });
});
