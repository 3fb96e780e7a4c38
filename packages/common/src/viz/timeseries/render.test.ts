/**
 * The options are complete enough for ECharts itself: each is drawn with ECharts 6's server-side SVG
 * renderer (no DOM), so an option ECharts cannot read fails here rather than in the browser.
 */
import * as echarts from 'echarts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plugin as mixed } from '../mixedTimeseries/index.ts';
import { plugin as area } from '../timeseriesArea/index.ts';
import { plugin as bar } from '../timeseriesBar/index.ts';
import { plugin as line } from '../timeseriesLine/index.ts';
import { plugin as scatter } from '../timeseriesScatter/index.ts';
import type { ChartPlugin, FormData } from '../types.ts';
import { baseFormData, chartProps, DAY, JAN_1, result } from './__fixtures__/chartProps.ts';

const daily = result(
  [
    { order_date: JAN_1, FR: 10, DE: 4 },
    { order_date: JAN_1 + DAY, FR: 12, DE: null },
    { order_date: JAN_1 + 2 * DAY, FR: 8, DE: 6 },
  ],
  {},
  {
    annotation_data: {
      Releases: { colnames: ['at', 'title'], data: [{ at: JAN_1 + DAY, title: 'v2' }] },
      Sale: { colnames: ['from', 'to'], data: [{ from: JAN_1, to: JAN_1 + DAY }] },
    },
  },
);

function svg(plugin: ChartPlugin, formData: FormData, results = [daily]): string {
  const render = plugin.transformProps(chartProps(formData, results));
  if (render.renderer !== 'echarts') throw new Error('not echarts');
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: render.width,
    height: render.height,
  });
  try {
    chart.setOption(render.option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const annotations = [
  { name: 'Goal', annotationType: 'FORMULA', value: '9 + 0x', show: true, style: 'dashed' },
  {
    name: 'Releases',
    annotationType: 'EVENT',
    sourceType: 'table',
    value: 1,
    timeColumn: 'at',
    titleColumn: 'title',
  },
  {
    name: 'Sale',
    annotationType: 'INTERVAL',
    sourceType: 'table',
    value: 2,
    timeColumn: 'from',
    intervalEndColumn: 'to',
    showLabel: true,
  },
];

/** Common's type library has no DOM or Node: the console is reached through globalThis. */
const logger = (globalThis as unknown as { console: Record<'warn' | 'error', (...args: unknown[]) => void> })
  .console;

describe('ECharts draws the options', () => {
  // ECharts reports options it does not understand (deprecated or unknown) as console warnings.
  const warnings: unknown[][] = [];
  beforeEach(() => {
    warnings.length = 0;
    for (const level of ['warn', 'error'] as const)
      vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
        warnings.push(args);
      });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    expect(warnings).toEqual([]);
  });

  it('a stacked, zoomable line chart with every kind of annotation', () => {
    const out = svg(
      line,
      baseFormData({
        groupby: ['country'],
        stack: 'Stack',
        area: true,
        markerEnabled: true,
        show_value: true,
        zoomable: true,
        annotation_layers: annotations,
        x_axis_title: 'Day',
      }),
    );
    expect(out).toContain('<svg');
    expect(out).toContain('FR');
    expect(out).toContain('Goal');
    expect(out).toContain('Sale');
    expect(out).toContain('Day');
  });

  it('horizontal expanded bars, a stream area, a log-scaled scatter', () => {
    expect(
      svg(
        bar,
        baseFormData({ groupby: ['country'], orientation: 'horizontal', stack: 'Expand', show_value: true }),
      ),
    ).toContain('100%');
    expect(
      svg(area, baseFormData({ groupby: ['country'], stack: 'Stream', legendOrientation: 'right' })),
    ).toContain('DE');
    expect(svg(scatter, baseFormData({ groupby: ['country'], logAxis: true }))).toContain('<svg');
  });

  it('a mixed chart with two y-axes, and an empty chart', () => {
    const b = result([
      { order_date: JAN_1, profit: 1500 },
      { order_date: JAN_1 + DAY, profit: 1700 },
    ]);
    const out = svg(
      mixed,
      baseFormData({
        metrics: ['orders'],
        groupby: ['country'],
        metrics_b: ['profit'],
        groupby_b: [],
        seriesTypeB: 'bar',
        yAxisIndexB: 1,
        yAxisTitleSecondary: 'Profit axis',
      }),
      [daily, b],
    );
    expect(out).toContain('Profit axis');
    expect(svg(line, baseFormData(), [result([])])).toContain('<svg');
  });
});
