import { describe, expect, it } from 'vitest';
import { partsOf } from './echartsParts.ts';

describe('partsOf', () => {
  it("reads an option's series types, their markers and its components", () => {
    const option = {
      xAxis: { type: 'time' },
      yAxis: [{ type: 'value' }],
      tooltip: {},
      legend: { type: 'scroll' },
      dataZoom: [{ type: 'slider' }],
      series: [
        { type: 'line', markLine: { data: [] } },
        { type: 'bar' },
        { type: 'line', markArea: { data: [] } },
      ],
    };
    expect(partsOf(option)).toEqual([
      'dataZoom',
      'grid',
      'legend',
      'markArea',
      'markLine',
      'series.bar',
      'series.line',
      'tooltip',
    ]);
  });

  it('takes a single series object and leaves unknown series types to ECharts', () => {
    expect(partsOf({ series: { type: 'pie' }, graphic: { elements: [] } })).toEqual([
      'graphic',
      'series.pie',
    ]);
    expect(partsOf({ series: [{ type: 'radar' }] })).toEqual([]);
  });
});
