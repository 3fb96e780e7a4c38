import { type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList, likePattern } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type {
  AnnotationLayerTable,
  AnnotationTable,
  MetastoreSchema,
} from '../../platform/metastore/schema.ts';

/** The annotation_layer and annotation tables as `/api/v1/annotation_layer/` and chart data need them. */

type Db = Kysely<MetastoreSchema>;
export type NewLayerRow = Omit<Insertable<AnnotationLayerTable>, 'created_on' | 'changed_on'>;
export type LayerUpdate = Omit<Updateable<AnnotationLayerTable>, 'id' | 'created_on' | 'created_by_fk'>;
export type NewAnnotationRow = Omit<Insertable<AnnotationTable>, 'created_on' | 'changed_on'>;
export type AnnotationUpdate = Omit<
  Updateable<AnnotationTable>,
  'id' | 'layer_id' | 'created_on' | 'created_by_fk'
>;

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new'] as const;
const ESCAPE = sql.lit('\\');

const person = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id: id as number, first_name: first as string, last_name: last as string };

/** A stored time as Superset answers a naive datetime ('2024-04-01T00:00:00'). */
export function presentTime(stored: string): string {
  return stored.slice(0, 19);
}
const naive = (stored: unknown) => (typeof stored === 'string' ? presentTime(stored) : stored);

/** `GET /api/v1/annotation_layer/`: Superset's AnnotationLayerRestApi columns, searches and orderings. */
export const layersList = defineList<MetastoreSchema>({
  title: 'List Annotation Layer',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      name: { operators: [...TEXT, 'annotation_layer_all_text'], type: 'text' },
      descr: { operators: TEXT, type: 'text' },
      created_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      changed_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
    },
    orderColumns: [
      'id',
      'name',
      'descr',
      'created_by.first_name',
      'changed_by.first_name',
      'changed_on',
      'changed_on_delta_humanized',
      'created_on',
    ],
    listColumns: [
      'id',
      'name',
      'descr',
      'created_on',
      'changed_on',
      'changed_on_delta_humanized',
      'created_by.id',
      'created_by.first_name',
      'created_by.last_name',
      'changed_by.id',
      'changed_by.first_name',
      'changed_by.last_name',
    ],
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  },
  columns: {
    id: sql.ref('l.id'),
    name: sql.ref('l.name'),
    descr: sql.ref('l.descr'),
    created_on: sql.ref('l.created_on'),
    changed_on: sql.ref('l.changed_on'),
    changed_on_delta_humanized: sql.ref('l.changed_on'),
    'created_by.first_name': sql.ref('cu.first_name'),
    'changed_by.first_name': sql.ref('mu.first_name'),
    created_by_id: sql.ref('l.created_by_fk'),
    created_by_first_name: sql.ref('cu.first_name'),
    created_by_last_name: sql.ref('cu.last_name'),
    changed_by_id: sql.ref('l.changed_by_fk'),
    changed_by_first_name: sql.ref('mu.first_name'),
    changed_by_last_name: sql.ref('mu.last_name'),
  },
  derived: {
    changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
    created_by: (row) => person(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
    changed_by: (row) => person(row.changed_by_id, row.changed_by_first_name, row.changed_by_last_name),
  },
  labels: { descr: 'Description', changed_on_delta_humanized: 'Changed On' },
  customOperators: {
    // Superset's AnnotationLayerAllTextFilter: the text in the name or the description.
    annotation_layer_all_text: (filter) => {
      const text = String(filter.value ?? '');
      if (text === '') return sql<SqlBool>`1 = 1`;
      const pattern = likePattern(text, '%', '%');
      return sql<SqlBool>`(lower(l.name) like ${pattern} escape ${ESCAPE} or lower(coalesce(l.descr, '')) like ${pattern} escape ${ESCAPE})`;
    },
  },
  relationFilters: {
    created_by: (ids) => sql<SqlBool>`l.created_by_fk in (${sql.join(ids)})`,
    changed_by: (ids) => sql<SqlBool>`l.changed_by_fk in (${sql.join(ids)})`,
  },
});

export function layersBase(db: Db) {
  return db
    .selectFrom('annotation_layer as l')
    .leftJoin('users as cu', 'cu.id', 'l.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'l.changed_by_fk');
}

/** `GET /api/v1/annotation_layer/{pk}/annotation/`: Superset's AnnotationRestApi list. */
export const annotationsList = defineList<MetastoreSchema>({
  title: 'List Annotation',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      short_descr: { operators: [...TEXT, 'annotation_all_text'], type: 'text' },
      long_descr: { operators: TEXT, type: 'text' },
    },
    orderColumns: [
      'id',
      'short_descr',
      'long_descr',
      'start_dttm',
      'end_dttm',
      'changed_on',
      'changed_on_delta_humanized',
    ],
    listColumns: [
      'id',
      'short_descr',
      'long_descr',
      'start_dttm',
      'end_dttm',
      'json_metadata',
      'changed_on',
      'changed_on_delta_humanized',
      'created_by.id',
      'created_by.first_name',
      'created_by.last_name',
      'changed_by.id',
      'changed_by.first_name',
      'changed_by.last_name',
    ],
    defaultOrder: { column: 'start_dttm', direction: 'desc' },
  },
  columns: {
    id: sql.ref('a.id'),
    short_descr: sql.ref('a.short_descr'),
    long_descr: sql.ref('a.long_descr'),
    start_dttm: sql.ref('a.start_dttm'),
    end_dttm: sql.ref('a.end_dttm'),
    json_metadata: sql.ref('a.json_metadata'),
    changed_on: sql.ref('a.changed_on'),
    changed_on_delta_humanized: sql.ref('a.changed_on'),
    created_by_id: sql.ref('a.created_by_fk'),
    created_by_first_name: sql.ref('cu.first_name'),
    created_by_last_name: sql.ref('cu.last_name'),
    changed_by_id: sql.ref('a.changed_by_fk'),
    changed_by_first_name: sql.ref('mu.first_name'),
    changed_by_last_name: sql.ref('mu.last_name'),
  },
  derived: {
    start_dttm: (row) => naive(row.start_dttm),
    end_dttm: (row) => naive(row.end_dttm),
    changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
    created_by: (row) => person(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
    changed_by: (row) => person(row.changed_by_id, row.changed_by_first_name, row.changed_by_last_name),
  },
  labels: { short_descr: 'Short Descr', long_descr: 'Long Descr', start_dttm: 'Start', end_dttm: 'End' },
  customOperators: {
    // Superset's AnnotationAllTextFilter: the text in the short or the long description.
    annotation_all_text: (filter) => {
      const text = String(filter.value ?? '');
      if (text === '') return sql<SqlBool>`1 = 1`;
      const pattern = likePattern(text, '%', '%');
      return sql<SqlBool>`(lower(a.short_descr) like ${pattern} escape ${ESCAPE} or lower(coalesce(a.long_descr, '')) like ${pattern} escape ${ESCAPE})`;
    },
  },
});

/** A layer's annotations, for its list (the layer filter is the server's, as Superset adds it). */
export function annotationsBase(db: Db, layerId: number) {
  return db
    .selectFrom('annotation as a')
    .leftJoin('users as cu', 'cu.id', 'a.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'a.changed_by_fk')
    .where('a.layer_id', '=', layerId);
}

export async function findLayer(db: Db, id: number) {
  return db
    .selectFrom('annotation_layer')
    .select(['id', 'name', 'descr'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The id of the layer with this name (other than `exceptId`), if any. */
export async function layerIdByName(db: Db, name: string, exceptId?: number): Promise<number | undefined> {
  let query = db.selectFrom('annotation_layer').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function insertLayer(db: Db, values: NewLayerRow): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('annotation_layer')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLayer(db: Db, id: number, changes: LayerUpdate): Promise<void> {
  await db
    .updateTable('annotation_layer')
    .set({ ...changes, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function existingLayerIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('annotation_layer').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

/** Whether any of these layers has an annotation (such layers are not deleted). */
export async function anyLayerHasAnnotations(db: Db, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const row = await db.selectFrom('annotation').select('id').where('layer_id', 'in', ids).executeTakeFirst();
  return row !== undefined;
}

export async function deleteLayers(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('annotation_layer').where('id', 'in', ids).execute();
}

/** One annotation of a layer, with the layer's name. */
export async function findAnnotation(db: Db, layerId: number, id: number) {
  return db
    .selectFrom('annotation as a')
    .innerJoin('annotation_layer as l', 'l.id', 'a.layer_id')
    .select([
      'a.id',
      'a.short_descr',
      'a.long_descr',
      'a.start_dttm',
      'a.end_dttm',
      'a.json_metadata',
      'l.id as layer_id',
      'l.name as layer_name',
    ])
    .where('a.layer_id', '=', layerId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** The id of the layer's annotation with this short description (other than `exceptId`), if any. */
export async function annotationIdByShortDescr(
  db: Db,
  layerId: number,
  shortDescr: string,
  exceptId?: number,
): Promise<number | undefined> {
  let query = db
    .selectFrom('annotation')
    .select('id')
    .where('layer_id', '=', layerId)
    .where('short_descr', '=', shortDescr);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function insertAnnotation(db: Db, values: NewAnnotationRow): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('annotation')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnotation(db: Db, id: number, changes: AnnotationUpdate): Promise<void> {
  await db
    .updateTable('annotation')
    .set({ ...changes, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function existingAnnotationIds(db: Db, layerId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('annotation')
    .select('id')
    .where('layer_id', '=', layerId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteAnnotations(db: Db, layerId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('annotation').where('layer_id', '=', layerId).where('id', 'in', ids).execute();
}
