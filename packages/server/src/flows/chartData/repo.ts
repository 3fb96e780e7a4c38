import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/** The metastore reads of the chart data flow: native annotation layers (tables of migration 0015). */

type Db = Kysely<MetastoreSchema>;

/** The ids among `ids` of layers that exist. */
export async function existingAnnotationLayerIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('annotation_layer').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

/** An annotation as chart data answers it (Superset's get_native_annotation_data). */
export interface NativeAnnotationRow {
  layer_id: number;
  start_dttm: string;
  end_dttm: string;
  short_descr: string;
  long_descr: string | null;
  json_metadata: string | null;
}

/**
 * The annotations of these layers that overlap [from, to) (ISO UTC text; null leaves that side open),
 * oldest first.
 */
export async function annotationsOfLayers(
  db: Db,
  layerIds: number[],
  from: string | null,
  to: string | null,
): Promise<NativeAnnotationRow[]> {
  if (layerIds.length === 0) return [];
  let query = db
    .selectFrom('annotation')
    .select(['layer_id', 'start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'])
    .where('layer_id', 'in', layerIds);
  if (from !== null) query = query.where('end_dttm', '>=', from);
  // The range's end is exclusive, as the chart's own rows are.
  if (to !== null) query = query.where('start_dttm', '<', to);
  return query.orderBy('start_dttm').orderBy('id').execute();
}

/** A SQL Lab run by id, for a chart of its SQL (the `query` datasource type). */
export async function findQueryRow(db: Db, id: number) {
  return db.selectFrom('queries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A saved query by id, for a chart of its SQL (the `saved_query` datasource type). */
export async function findSavedQueryRow(db: Db, id: number) {
  return db.selectFrom('saved_queries').selectAll().where('id', '=', id).executeTakeFirst();
}
