import { describe, expect, it } from 'vitest';
import { echartsPartsOf, loadEChartsParts } from './echartsParts.ts';

describe('echartsPartsOf', () => {
  it('reads the series types and the components an option uses', () => {
    expect(
      echartsPartsOf({
        xAxis: { type: 'time' },
        yAxis: [{ type: 'value' }],
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll' },
        dataZoom: [{ type: 'inside' }],
        toolbox: { feature: {} },
        series: [
          { type: 'line', markLine: { data: [] } },
          { type: 'bar', markArea: { data: [] } },
        ],
      }),
    ).toEqual(['bar', 'dataZoom', 'grid', 'legend', 'line', 'markArea', 'markLine', 'toolbox', 'tooltip']);
  });

  it('loads the legacy label layout only for a grid that asks for it', () => {
    expect(echartsPartsOf({ grid: { containLabel: true }, series: { type: 'heatmap' } })).toEqual([
      'grid',
      'heatmap',
      'legacyGridContainLabel',
    ]);
    expect(echartsPartsOf({ series: [{ type: 'pie' }], title: null })).toEqual(['pie']);
  });

  it('leaves a series type it does not know to ECharts', () => {
    expect(echartsPartsOf({ series: [{ type: 'candlestick' }, null] })).toEqual([]);
  });

  it('loads every part it knows', async () => {
    const every = echartsPartsOf({
      grid: { containLabel: true },
      tooltip: {},
      legend: {},
      dataZoom: {},
      visualMap: {},
      title: {},
      graphic: {},
      dataset: {},
      toolbox: {},
      series: ['line', 'bar', 'scatter', 'pie', 'funnel', 'gauge', 'heatmap', 'boxplot', 'treemap']
        .concat(['sunburst', 'sankey', 'custom'])
        .map((type) => ({ type, markLine: {}, markArea: {}, markPoint: {} })),
    });
    expect(every).toHaveLength(25);
    await expect(loadEChartsParts(every)).resolves.toBeUndefined();
  });
});
