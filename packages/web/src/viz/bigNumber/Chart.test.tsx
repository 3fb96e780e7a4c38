// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ChartDataResult, ChartPlugin, DatasourceMeta, FormData, LanguageCode } from '@vitrina/common';
import { plugin as bigNumber } from '@vitrina/common/viz/bigNumber/index';
import { plugin as bigNumberTotal } from '@vitrina/common/viz/bigNumberTotal/index';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../testUtils.tsx';
import { BigNumberChart } from './Chart.tsx';
import { fittedFontSize } from './fontSize.ts';

// jsdom has no canvas: the trend line's ECharts instance is a recording fake.
const echarts = vi.hoisted(() => ({ options: [] as unknown[], disposed: 0 }));
vi.mock('echarts/core', () => ({
  use: vi.fn(),
  graphic: {
    LinearGradient: class {
      stops: unknown;
      constructor(_x: number, _y: number, _x2: number, _y2: number, stops: unknown) {
        this.stops = stops;
      }
    },
  },
  init: vi.fn(() => ({
    setOption: (option: unknown) => echarts.options.push(option),
    resize: vi.fn(),
    on: vi.fn(),
    dispose: () => {
      echarts.disposed += 1;
    },
  })),
}));

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [],
  metrics: [{ metric_name: 'revenue', verbose_name: 'Revenue', d3format: ',.0f', currency: null }],
  verboseMap: {},
};

function draw(
  plugin: ChartPlugin,
  formData: Partial<FormData>,
  result: ChartDataResult,
  language: LanguageCode = 'en',
) {
  const render = plugin.transformProps({
    formData: { datasource: '1__table', viz_type: plugin.vizType, metric: 'revenue', ...formData },
    queriesData: [result],
    datasource,
    width: 400,
    height: 300,
    locale: language,
  });
  if (render.renderer !== 'bigNumber') throw new Error('not a big number');
  return renderIn(language, <BigNumberChart props={render.props} width={400} height={300} />);
}

const total = (value: unknown): ChartDataResult => ({
  data: value === undefined ? [] : [{ revenue: value }],
  colnames: ['revenue'],
  coltypes: [0],
  rowcount: value === undefined ? 0 : 1,
});

const month = (m: number) => Date.UTC(2024, m, 1);
const series: ChartDataResult = {
  data: [
    { ds: month(0), revenue: 1000 },
    { ds: month(1), revenue: 1500 },
  ],
  colnames: ['ds', 'revenue'],
  coltypes: [2, 0],
  rowcount: 2,
};

beforeEach(() => {
  echarts.options.length = 0;
  echarts.disposed = 0;
});
afterEach(cleanup);

describe('BigNumberChart', () => {
  it('shows the formatted value and the subheader', () => {
    draw(bigNumberTotal, { subheader: 'Revenue this year' }, total(1234567));
    expect(screen.getByTestId('big-number-header').textContent).toBe('1,234,567');
    expect(screen.getByTestId('big-number-subheader').textContent).toBe('Revenue this year');
  });

  it('formats in Russian and says No data in Russian', () => {
    draw(bigNumberTotal, {}, total(1234567), 'ru');
    expect(screen.getByTestId('big-number-header').textContent).toBe('1\u00a0234\u00a0567');
    cleanup();
    draw(bigNumberTotal, {}, total(undefined), 'ru');
    expect(screen.getByTestId('big-number-header').textContent).toBe('Нет данных');
  });

  it('says No data with a hint when there is no value', () => {
    draw(bigNumberTotal, { subheader: 'ignored' }, total(null));
    expect(screen.getByTestId('big-number-header').textContent).toBe('No data');
    expect(screen.getByTestId('big-number-subheader').textContent).toBe(
      'Try applying different filters or ensuring your datasource has data',
    );
  });

  it('colours the number by conditional formatting', () => {
    draw(
      bigNumberTotal,
      {
        conditional_formatting: [
          { column: 'revenue', operator: '>', targetValue: 10, colorScheme: '#00ff00' },
        ],
      },
      total(50),
    );
    expect(screen.getByTestId('big-number-header').style.color).toBe('rgb(0, 255, 0)');
  });

  it('scales the number to the box', () => {
    draw(bigNumberTotal, { header_font_size: 0.6 }, total(7));
    expect(screen.getByTestId('big-number-header').style.fontSize).toBe('180px');
    expect(fittedFontSize('1234567890', 200, 310)).toBe(50);
  });

  it('shows the change against the earlier period and draws the trend line', () => {
    draw(bigNumber, { x_axis: 'ds', time_grain_sqla: 'P1M', compare_lag: 1, compare_suffix: 'MoM' }, series);
    expect(screen.getByTestId('big-number-header').textContent).toBe('1,500');
    expect(screen.getByTestId('big-number-subheader').textContent).toBe('+50.0% MoM');
    expect(screen.getByTestId('big-number-trendline').style.height).toBe('90px');
    const option = echarts.options.at(-1) as {
      series: Array<{ data: unknown }>;
      yAxis: { scale: boolean };
      tooltip: { formatter: (params: unknown) => string };
    };
    expect(option.series[0]?.data).toEqual([
      [month(0), 1000],
      [month(1), 1500],
    ]);
    expect(option.yAxis.scale).toBe(false);
    expect(option.tooltip.formatter([{ data: [month(1), 1500] }])).toBe('Feb 2024<br/><b>1,500</b>');
  });

  it('marks a value that is not the latest period', () => {
    draw(
      bigNumber,
      { x_axis: 'ds', time_grain_sqla: 'P1M', show_trend_line: false },
      { ...series, data: [...series.data, { ds: month(2), revenue: null }] },
    );
    expect(screen.getByText('Not up to date')).toBeTruthy();
    expect(screen.queryByTestId('big-number-trendline')).toBeNull();
  });
});
