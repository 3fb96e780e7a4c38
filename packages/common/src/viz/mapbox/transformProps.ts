/**
 * MapBox: the rows' points as an ECharts scatter in Web Mercator (x = longitude, y = mercator(latitude)),
 * axes hidden, the view fitted to the points. With the server's Mapbox token the background is a Static
 * Images API picture of exactly that view; without one, a plain background and a note saying so.
 */
import { columnLabel, metricLabel } from '../../query/types.ts';
import { metricDisplayName, metricFormatter } from '../echartsShared/format.ts';
import { cellNumber, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
import { rowsOf } from '../echartsShared/labels.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { mapboxColumns } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { fitView, geoBoundsOf, type LonLat, mercatorY } from './geometry.ts';
import { messages } from './messages.ts';
import { DEFAULT_MAPBOX_STYLE, mapboxStaticImageUrl } from './styleUrl.ts';

export const POINT_COLOR = 'rgb(0, 122, 135)';
export const PLAIN_BACKGROUND = '#f3f1ec';
/** Point sizes in pixels: one size without a radius metric, this range with one. */
export const POINT_SIZE = 10;
const MIN_RADIUS_SIZE = 6;
const MAX_RADIUS_SIZE = 30;

export interface MapPoint extends LonLat {
  label: string | null;
  radius: number | null;
}

/** The rows with both coordinates as finite numbers in range; the others cannot be placed. */
export function mapPoints(
  rows: ReadonlyArray<Record<string, unknown>>,
  keys: { lon: string; lat: string; label: string | null; radius: string | null },
): MapPoint[] {
  const points: MapPoint[] = [];
  for (const row of rows) {
    const lon = cellNumber(row[keys.lon]);
    const lat = cellNumber(row[keys.lat]);
    if (lon === null || lat === null || Math.abs(lon) > 180 || Math.abs(lat) > 90) continue;
    const label = keys.label === null || row[keys.label] == null ? null : String(row[keys.label]);
    points.push({ lon, lat, label, radius: keys.radius === null ? null : cellNumber(row[keys.radius]) });
  }
  return points;
}

/** A point's size: by the square root of its share of the largest radius, so areas compare. */
export function pointSize(radius: number | null, largest: number): number {
  if (radius === null || largest <= 0) return POINT_SIZE;
  const share = Math.sqrt(Math.max(0, radius) / largest);
  return MIN_RADIUS_SIZE + (MAX_RADIUS_SIZE - MIN_RADIUS_SIZE) * share;
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale, messages);
  const { lon, lat, label } = mapboxColumns(formData);
  const metric = metricsOf(formData, 'point_radius')[0] ?? null;
  const points = mapPoints(rowsOf(props.queriesData), {
    lon: lon ? columnLabel(lon) : '',
    lat: lat ? columnLabel(lat) : '',
    label: label ? columnLabel(label) : null,
    radius: metric ? metricLabel(metric) : null,
  });
  const view = fitView(points, props.width, props.height);
  const largest = Math.max(0, ...points.map((point) => point.radius ?? 0));
  const formatRadius = metricFormatter(props, metric);
  const radiusName = metricDisplayName(props.datasource, metric);

  const token = props.mapboxApiKey ?? '';
  const style = typeof formData.mapbox_style === 'string' ? formData.mapbox_style : DEFAULT_MAPBOX_STYLE;
  const picture =
    view && token ? mapboxStaticImageUrl(style, geoBoundsOf(view), props.width, props.height, token) : null;

  const graphic = picture
    ? [
        {
          type: 'image',
          silent: true,
          z: -10,
          left: 0,
          top: 0,
          style: { image: picture, width: props.width, height: props.height },
        },
      ]
    : token
      ? []
      : [
          {
            type: 'text',
            silent: true,
            right: 8,
            bottom: 6,
            style: { text: t('viz.types.mapbox.noToken'), fill: '#8c8c8c', fontSize: 11 },
          },
        ];

  const axis = (min: number | undefined, max: number | undefined) => ({
    type: 'value',
    show: false,
    scale: true,
    ...(min !== undefined ? { min, max } : {}),
  });

  return echartsRender(props, {
    animation: false,
    backgroundColor: picture ? 'transparent' : PLAIN_BACKGROUND,
    grid: { left: 0, right: 0, top: 0, bottom: 0, containLabel: false },
    xAxis: axis(view?.minX, view?.maxX),
    yAxis: axis(view?.minY, view?.maxY),
    graphic,
    tooltip: {
      trigger: 'item',
      formatter: (params: { dataIndex?: number }) => {
        const point = points[params.dataIndex ?? -1];
        if (!point) return '';
        const rows: string[][] = [
          [t('viz.types.mapbox.tooltip.longitude'), String(point.lon)],
          [t('viz.types.mapbox.tooltip.latitude'), String(point.lat)],
          ...(metric ? [[radiusName, formatRadius(point.radius)]] : []),
        ];
        return tooltipHtml(rows, point.label ?? undefined);
      },
    },
    series: [
      {
        type: 'scatter',
        name: radiusName || t('viz.types.mapbox.name'),
        data: points.map((point) => ({
          value: [point.lon, mercatorY(point.lat)],
          symbolSize: pointSize(point.radius, largest),
        })),
        itemStyle: { color: POINT_COLOR, opacity: 0.8, borderColor: '#ffffff', borderWidth: 1 },
        emphasis: { scale: 1.3 },
      },
    ],
  });
}
