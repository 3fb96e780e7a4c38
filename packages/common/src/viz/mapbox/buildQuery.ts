/**
 * MapBox → one query of raw rows: longitude, latitude and the label when chosen, up to the row limit,
 * rows without coordinates left out in SQL. With a point radius metric the rows are grouped by those
 * columns and the metric sizes each point.
 */
import type { QueryColumn, QueryFilter, QueryObject } from '../../query/types.ts';
import { withDefaults } from '../echartsShared/formData.ts';
import { baseQueryObject, columnsOf, metricsOf, queryContext } from '../shared/query.ts';
import type { FormData, QueryContext } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

/** The chart's columns: longitude, latitude, then the label (absent ones left out). */
export function mapboxColumns(formData: FormData): {
  lon: QueryColumn | null;
  lat: QueryColumn | null;
  label: QueryColumn | null;
} {
  return {
    lon: columnsOf(formData, 'all_columns_x')[0] ?? null,
    lat: columnsOf(formData, 'all_columns_y')[0] ?? null,
    label: columnsOf(formData, 'mapbox_label')[0] ?? null,
  };
}

export function buildQuery(formData: FormData): QueryContext {
  const values = withDefaults(controlPanel, formData);
  const base = baseQueryObject(values);
  const { lon, lat, label } = mapboxColumns(values);
  const coordinates = [lon, lat].filter((column): column is QueryColumn => column !== null);
  const notNull: QueryFilter[] = coordinates.map((col) => ({ col, op: 'IS NOT NULL' }));
  const query: QueryObject = {
    ...base,
    filters: [...(base.filters ?? []), ...notNull],
    columns: [...coordinates, ...(label ? [label] : [])],
    metrics: metricsOf(values, 'point_radius'),
    orderby: [],
    post_processing: [],
  };
  return queryContext(formData, [query]);
}
