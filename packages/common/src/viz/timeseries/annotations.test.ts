import { describe, expect, it } from 'vitest';
import {
  baseFormData,
  chartProps,
  DAY,
  JAN_1,
  type Loose,
  optionOf,
  result,
} from './__fixtures__/chartProps.ts';
import { annotationLabel, annotationLayersToQuery } from './annotations.ts';
import { FormulaError } from './formula.ts';
import { transformTimeseries } from './transformProps.ts';

const daily = (annotationData: Record<string, unknown> = {}) =>
  result(
    [
      { order_date: JAN_1, orders: 10 },
      { order_date: JAN_1 + DAY, orders: 12 },
    ],
    {},
    { annotation_data: annotationData },
  );

function draw(layers: unknown[], annotationData: Record<string, unknown> = {}) {
  const formData = baseFormData({ annotation_layers: layers });
  return optionOf(transformTimeseries(chartProps(formData, [daily(annotationData)]), { seriesType: 'line' }));
}

const byId = (option: Loose, prefix: string) =>
  option.series.filter((series: Loose) => String(series.id).startsWith(prefix));

describe('annotation layers', () => {
  it('asks the server only for shown layers that are not formulas', () => {
    const layers = [
      { name: 'F', annotationType: 'FORMULA', value: 'x', show: true },
      { name: 'E', annotationType: 'EVENT', sourceType: 'table', value: 1, show: true },
      { name: 'I', annotationType: 'INTERVAL', sourceType: 'table', value: 2, show: false },
      { name: 'T', annotationType: 'TIME_SERIES', sourceType: 'line', value: 3 },
      { name: 'broken' },
    ];
    expect(
      annotationLayersToQuery(baseFormData({ annotation_layers: layers })).map((layer) => layer.name),
    ).toEqual(['E', 'T']);
  });

  it('draws a formula as a line over every x, in the legend', () => {
    const option = draw([
      {
        name: 'Target',
        annotationType: 'FORMULA',
        sourceType: '',
        value: 'y = 5 + x / 86400000 - 19723',
        show: true,
        color: '#ff0000',
        width: 2,
        style: 'dashed',
        opacity: 'opacityMedium',
      },
    ]);
    const [formula] = byId(option, 'formula:');
    expect(formula).toMatchObject({
      name: 'Target',
      type: 'line',
      itemStyle: { color: '#ff0000' },
      lineStyle: { type: 'dashed', width: 2, opacity: 0.5 },
    });
    expect(formula.data).toEqual([
      [JAN_1, 5],
      [JAN_1 + DAY, 6],
    ]);
    expect(option.legend.data).toContain('Target');
  });

  it('refuses a formula that does not parse, naming the layer', () => {
    expect(() => draw([{ name: 'Bad', annotationType: 'FORMULA', value: 'x +', show: true }])).toThrow(
      new FormulaError('Annotation layer "Bad": The formula ends too early'),
    );
  });

  it('draws events as vertical mark lines labelled with title and descriptions', () => {
    const option = draw(
      [
        {
          name: 'Releases',
          annotationType: 'EVENT',
          sourceType: 'table',
          value: 9,
          show: true,
          showLabel: true,
          style: 'longDashed',
          timeColumn: 'released_at',
          titleColumn: 'version',
          descriptionColumns: ['notes', 'owner'],
        },
      ],
      {
        Releases: {
          colnames: ['released_at', 'version', 'notes', 'owner'],
          data: [
            { released_at: JAN_1 + DAY, version: 'v2', notes: 'New charts', owner: null },
            { released_at: null, version: 'v0', notes: '', owner: '' },
          ],
        },
      },
    );
    const events = byId(option, 'event:');
    expect(events).toHaveLength(1);
    expect(events[0].markLine).toMatchObject({
      symbol: 'none',
      lineStyle: { type: [12, 6] },
      label: { show: true },
      data: [{ name: 'Releases - v2\n\nNew charts', xAxis: JAN_1 + DAY }],
    });
    expect(option.legend.data).not.toContain('Releases');
    expect(option.tooltip.formatter({ componentType: 'markLine', name: 'Releases - v2\n\n<b>x</b>' })).toBe(
      'Releases - v2<br/><br/>&lt;b&gt;x&lt;/b&gt;',
    );
  });

  it('draws intervals as shaded mark areas, half opaque unless chosen', () => {
    const option = draw(
      [
        {
          name: 'Campaign',
          annotationType: 'INTERVAL',
          sourceType: 'table',
          value: 4,
          timeColumn: 'start',
          intervalEndColumn: 'end',
          titleColumn: 'title',
        },
      ],
      {
        Campaign: {
          colnames: ['start', 'end', 'title'],
          data: [{ start: JAN_1, end: JAN_1 + DAY, title: 'Sale' }],
        },
      },
    );
    const [interval] = byId(option, 'interval:');
    expect(interval.markArea).toMatchObject({
      itemStyle: { opacity: 0.5 },
      data: [[{ name: 'Campaign - Sale', xAxis: JAN_1 }, { xAxis: JAN_1 + DAY }]],
    });
  });

  it('reads native layers with their fixed columns', () => {
    const option = draw([{ name: 'Native', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1 }], {
      Native: {
        data: [{ start_dttm: JAN_1, end_dttm: JAN_1, short_descr: 'Outage', long_descr: 'DB down' }],
      },
    });
    expect(byId(option, 'event:')[0].markLine.data).toEqual([
      { name: 'Native - Outage\n\nDB down', xAxis: JAN_1 },
    ]);
  });

  it('draws each value column of a time-series source as a line', () => {
    const option = draw(
      [{ name: 'Plan', annotationType: 'TIME_SERIES', sourceType: 'line', value: 5, showMarkers: true }],
      {
        Plan: {
          colnames: ['ds', 'low', 'high'],
          data: [
            { ds: JAN_1, low: 1, high: 3 },
            { ds: JAN_1 + DAY, low: 2, high: 4 },
          ],
        },
      },
    );
    const lines = byId(option, 'timeseries:');
    expect(lines.map((line: Loose) => [line.name, line.data])).toEqual([
      [
        'Plan, low',
        [
          [JAN_1, 1],
          [JAN_1 + DAY, 2],
        ],
      ],
      [
        'Plan, high',
        [
          [JAN_1, 3],
          [JAN_1 + DAY, 4],
        ],
      ],
    ]);
    expect(lines[0]).toMatchObject({ showSymbol: true, symbolSize: 6 });
    expect(option.legend.data).toEqual(['Orders', 'Plan, low', 'Plan, high']);
  });

  it("reads Superset's older time-series answer too", () => {
    const option = draw([{ name: 'Old', annotationType: 'TIME_SERIES', sourceType: 'line', value: 5 }], {
      Old: [{ key: 'SUM(x)', values: [{ x: JAN_1, y: 7 }] }],
    });
    expect(byId(option, 'timeseries:')[0]).toMatchObject({ name: 'SUM(x)', data: [[JAN_1, 7]] });
  });

  it('skips hidden layers and layers the server has no data for', () => {
    const option = draw([
      { name: 'Hidden', annotationType: 'FORMULA', value: 'x', show: false },
      { name: 'Missing', annotationType: 'EVENT', sourceType: 'table', value: 1 },
    ]);
    expect(option.series).toHaveLength(1);
  });

  it('labels like Superset', () => {
    expect(annotationLabel('Layer', 'Title', ['a', null, 'b'])).toBe('Layer - Title\n\na\nb');
    expect(annotationLabel('Layer', null, [])).toBe('Layer');
  });
});
