/**
 * Every chart's option drawn by ECharts itself (server-side SVG rendering, no DOM): the options are
 * complete and valid for ECharts 6, and the data reaches the picture.
 */
import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import { plugin as boxPlot } from '../boxPlot/index.ts';
import { plugin as funnel } from '../funnel/index.ts';
import { plugin as gauge } from '../gauge/index.ts';
import { plugin as heatmap } from '../heatmap/index.ts';
import { plugin as histogram } from '../histogram/index.ts';
import { plugin as pie } from '../pie/index.ts';
import { plugin as sankey } from '../sankey/index.ts';
import { plugin as sunburst } from '../sunburst/index.ts';
import { plugin as treemap } from '../treemap/index.ts';
import type { ChartPlugin, FormData } from '../types.ts';
import { plugin as wordCloud } from '../wordCloud/index.ts';
import { chartProps, result } from './testing.ts';

function draw(
  plugin: ChartPlugin,
  formData: Partial<FormData>,
  rows: Array<Record<string, unknown>>,
): string {
  const render = plugin.transformProps(chartProps({ viz_type: plugin.vizType, ...formData }, result(rows)));
  if (render.renderer !== 'echarts') throw new Error('not an ECharts chart');
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: render.width,
    height: render.height,
  });
  try {
    chart.setOption({ animation: false, ...render.option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const categories = [
  { country: 'France', city: 'Paris', count: 50, revenue: 10 },
  { country: 'France', city: 'Lyon', count: 20, revenue: 5 },
  { country: 'Spain', city: 'Madrid', count: 30, revenue: 20 },
];

describe('ECharts draws', () => {
  it('pie, donut with total, funnel and gauge', () => {
    expect(draw(pie, { groupby: ['country'], metric: 'count' }, categories)).toContain('Spain');
    expect(
      draw(pie, { groupby: ['city'], metric: 'count', donut: true, show_total: true }, categories),
    ).toContain('Total: 100');
    expect(draw(funnel, { groupby: ['city'], metric: 'count' }, categories)).toContain('Madrid');
    const dial = draw(gauge, { metric: 'count', intervals: '20,60', interval_color_indices: '2,3' }, [
      { count: 40 },
    ]);
    expect(dial).toContain('<svg');
    expect(dial).toContain('40');
  });

  it('heatmap, histogram and box plot', () => {
    expect(
      draw(heatmap, { x_axis: 'country', groupby: ['city'], metric: 'count', show_values: true }, categories),
    ).toContain('Lyon');
    expect(
      draw(histogram, { column: 'age', groupby: ['country'] }, [
        { country: 'France', '0.0 - 5.0': 2, '5.0 - 10.0': 3 },
        { country: 'Spain', '0.0 - 5.0': 1, '5.0 - 10.0': 4 },
      ]),
    ).toContain('5 - 10');
    expect(
      draw(boxPlot, { columns: ['city'], groupby: ['country'], metrics: ['count'] }, [
        {
          country: 'France',
          count__mean: 3,
          count__median: 3,
          count__max: 5,
          count__min: 1,
          count__q1: 2,
          count__q3: 4,
          count__count: 5,
          count__outliers: [9],
        },
      ]),
    ).toContain('France');
  });

  it('treemap, sunburst, sankey and word cloud', () => {
    expect(draw(treemap, { groupby: ['country', 'city'], metric: 'count' }, categories)).toContain('Paris');
    expect(
      draw(
        sunburst,
        { columns: ['country', 'city'], metric: 'count', secondary_metric: 'revenue', show_labels: true },
        categories,
      ),
    ).toContain('France');
    expect(draw(sankey, { source: 'country', target: 'city', metric: 'count' }, categories)).toContain(
      'Madrid',
    );
    const cloud = draw(wordCloud, { series: 'city', metric: 'count' }, categories);
    for (const city of ['Paris', 'Lyon', 'Madrid']) expect(cloud).toContain(city);
  });
});
