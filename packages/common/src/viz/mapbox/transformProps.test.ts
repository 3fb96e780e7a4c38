import { describe, expect, it } from 'vitest';
import type { ChartProps, FormData } from '../types.ts';
import { mercatorY } from './geometry.ts';
import { migrate } from './migrate.ts';
import { PLAIN_BACKGROUND, POINT_SIZE, pointSize, transformProps } from './transformProps.ts';

const rows = [
  { longitude: -122.4, latitude: 37.6, iata: 'SFO', count: 4 },
  { longitude: -73.8, latitude: 40.6, iata: 'JFK', count: 1 },
  { longitude: null, latitude: 10, iata: 'NUL', count: 9 },
  { longitude: 'x', latitude: 10, iata: 'BAD', count: 9 },
];

function props(extra: Partial<FormData> = {}, more: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: {
      datasource: '1__table',
      viz_type: 'mapbox',
      all_columns_x: 'longitude',
      all_columns_y: 'latitude',
      mapbox_label: 'iata',
      ...extra,
    },
    queriesData: [
      { data: rows, colnames: ['longitude', 'latitude', 'iata'], coltypes: [0, 0, 1], rowcount: 4 },
    ],
    width: 600,
    height: 300,
    datasource: { id: 1, type: 'table', columns: [], metrics: [], verboseMap: {} },
    locale: 'en',
    ...more,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: ECharts options are read field by field in assertions.
type Option = Record<string, any>;
const optionOf = (p: ChartProps) => {
  const render = transformProps(p);
  if (render.renderer !== 'echarts') throw new Error('not echarts');
  return render.option as Option;
};

describe('MapBox transformProps', () => {
  it('draws the placeable rows as points in web mercator on hidden axes fitted to them', () => {
    const option = optionOf(props());
    const [series] = option.series;
    expect(series.type).toBe('scatter');
    expect(series.data.map((point: Option) => point.value)).toEqual([
      [-122.4, mercatorY(37.6)],
      [-73.8, mercatorY(40.6)],
    ]);
    expect(series.data[0].symbolSize).toBe(POINT_SIZE);
    expect(option.xAxis.show).toBe(false);
    expect(option.yAxis.show).toBe(false);
    expect(option.xAxis.min).toBeLessThan(-122.4);
    expect(option.xAxis.max).toBeGreaterThan(-73.8);
    expect(option.yAxis.min).toBeLessThan(mercatorY(37.6));
    expect((option.xAxis.max - option.xAxis.min) / (option.yAxis.max - option.yAxis.min)).toBeCloseTo(2, 6);
    expect(option.grid).toMatchObject({ left: 0, right: 0, top: 0, bottom: 0 });
  });

  it('names a point by its label in the tooltip', () => {
    const html = optionOf(props()).tooltip.formatter({ dataIndex: 1 });
    expect(html).toContain('JFK');
    expect(html).toContain('-73.8');
  });

  it('without a token: a plain background and a note, in the chart’s language, no picture', () => {
    const option = optionOf(props());
    expect(option.backgroundColor).toBe(PLAIN_BACKGROUND);
    expect(option.graphic).toEqual([
      expect.objectContaining({
        type: 'text',
        style: expect.objectContaining({ text: 'Set MAPBOX_API_KEY to show the map' }),
      }),
    ]);
    const ru = optionOf(props({}, { locale: 'ru' }));
    expect(ru.graphic[0].style.text).toBe('Задайте MAPBOX_API_KEY, чтобы показать карту');
  });

  it('with a token: the static picture of the same box in the chosen style behind the points', () => {
    const option = optionOf(
      props({ mapbox_style: 'mapbox://styles/mapbox/dark-v11' }, { mapboxApiKey: 'pk.test' }),
    );
    const [image] = option.graphic;
    expect(image).toMatchObject({ type: 'image', left: 0, top: 0, style: { width: 600, height: 300 } });
    const url: string = image.style.image;
    expect(url).toMatch(
      /^https:\/\/api\.mapbox\.com\/styles\/v1\/mapbox\/dark-v11\/static\/\[-?[\d.]+,[\d.]+,-?[\d.]+,[\d.]+\]\/600x300\?access_token=pk\.test$/,
    );
    const box = url
      .match(/\[(.*)\]/)![1]!
      .split(',')
      .map(Number);
    expect(box[0]).toBeCloseTo(option.xAxis.min, 5);
    expect(box[2]).toBeCloseTo(option.xAxis.max, 5);
    expect(mercatorY(box[1]!)).toBeCloseTo(option.yAxis.min, 3);
    expect(option.backgroundColor).toBe('transparent');
  });

  it('with a token but a style that is no Mapbox address: no picture and no note', () => {
    const option = optionOf(props({ mapbox_style: 'https://example.com/style' }, { mapboxApiKey: 'pk' }));
    expect(option.graphic).toEqual([]);
  });

  it('sizes points by the radius metric, by area', () => {
    const option = optionOf(props({ point_radius: 'count' }));
    const [big, small] = option.series[0].data.map((point: Option) => point.symbolSize);
    expect(big).toBeGreaterThan(small);
    expect(pointSize(4, 4)).toBe(30);
    expect(pointSize(1, 4)).toBe(18);
    expect(pointSize(null, 4)).toBe(POINT_SIZE);
  });

  it('has nothing to fit without rows', () => {
    const empty = props();
    empty.queriesData = [{ data: [], colnames: [], coltypes: [], rowcount: 0 }];
    expect(optionOf(empty).series[0].data).toEqual([]);
  });
});

describe('MapBox migrate', () => {
  it("drops Superset's automatic 'Auto' radius and keeps the rest", () => {
    const migrated = migrate({
      datasource: '1__table',
      viz_type: 'mapbox',
      point_radius: 'Auto',
      mapbox_style: 'mapbox://styles/mapbox/light-v9',
    });
    expect(migrated).not.toHaveProperty('point_radius');
    expect(migrated).toMatchObject({ mapbox_style: 'mapbox://styles/mapbox/light-v9', form_data_version: 1 });
  });
});
