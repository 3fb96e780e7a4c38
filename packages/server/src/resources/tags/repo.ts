import { TAG_TYPES, type TaggedObjectType } from '@vitrina/common';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { FAVOURITE_CLASS, removeFavouritesOf } from '../favourites/repo.ts';
import { CUSTOM_TAG } from '../tagging/repo.ts';

/**
 * The tag table as `/api/v1/tag/` needs it (Superset's TagRestApi and TagDAO): the list, one tag, its
 * writes, and the objects carrying tags, each kind read under the caller's visibility condition.
 */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new', 'in'] as const;

const person = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id: id as number, first_name: first as string, last_name: last as string };

const typeNumber = (stored: unknown) => TAG_TYPES[stored as keyof typeof TAG_TYPES] ?? TAG_TYPES.custom;

/** `GET /api/v1/tag/`: Superset's TagRestApi columns, searches (its `custom_tag` on type) and orderings. */
export const tagsList = defineList<MetastoreSchema>({
  title: 'List Tag',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      name: { operators: TEXT, type: 'text' },
      description: { operators: ['ct', 'nct'], type: 'text' },
      // Superset's UserCreatedTagTypeFilter: !t custom tags only, !f system tags only.
      type: { operators: ['custom_tag'], type: 'boolean' },
      created_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      changed_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
    },
    orderColumns: [
      'id',
      'name',
      'type',
      'description',
      'changed_on',
      'changed_on_delta_humanized',
      'created_on_delta_humanized',
      'changed_by.first_name',
      'created_by.first_name',
    ],
    listColumns: [
      'id',
      'name',
      'type',
      'description',
      'changed_on',
      'changed_by.id',
      'changed_by.first_name',
      'changed_by.last_name',
      'changed_on_delta_humanized',
      'created_on_delta_humanized',
      'created_by.id',
      'created_by.first_name',
      'created_by.last_name',
    ],
    defaultOrder: { column: 'name', direction: 'asc' },
    maxPageSize: 1000,
  },
  columns: {
    id: sql.ref('t.id'),
    name: sql.ref('t.name'),
    type: sql.ref('t.type'),
    description: sql.ref('t.description'),
    changed_on: sql.ref('t.changed_on'),
    changed_on_delta_humanized: sql.ref('t.changed_on'),
    created_on_delta_humanized: sql.ref('t.created_on'),
    'changed_by.first_name': sql.ref('mu.first_name'),
    'created_by.first_name': sql.ref('cu.first_name'),
    changed_by_id: sql.ref('t.changed_by_fk'),
    changed_by_last_name: sql.ref('mu.last_name'),
    created_by_id: sql.ref('t.created_by_fk'),
    created_by_last_name: sql.ref('cu.last_name'),
  },
  derived: {
    type: (row) => typeNumber(row.type),
    changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
    created_on_delta_humanized: (row) => humanizeSince(row.created_on_delta_humanized as string),
    changed_by: (row) => person(row.changed_by_id, row['changed_by.first_name'], row.changed_by_last_name),
    created_by: (row) => person(row.created_by_id, row['created_by.first_name'], row.created_by_last_name),
  },
  labels: { changed_on_delta_humanized: 'Modified', created_on_delta_humanized: 'Created' },
  relationFilters: {
    created_by: (ids) => sql<SqlBool>`t.created_by_fk in (${sql.join(ids)})`,
    changed_by: (ids) => sql<SqlBool>`t.changed_by_fk in (${sql.join(ids)})`,
  },
  customOperators: {
    custom_tag: (filter) =>
      filter.value === false ? sql<SqlBool>`t.type <> ${CUSTOM_TAG}` : sql<SqlBool>`t.type = ${CUSTOM_TAG}`,
  },
});

/** The rows the list starts from: custom tags, as only they are user-facing. */
export function tagsBase(db: Kysely<MetastoreSchema>) {
  return db
    .selectFrom('tag as t')
    .leftJoin('users as cu', 'cu.id', 't.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 't.changed_by_fk');
}

/** One tag as `GET /api/v1/tag/{id}` answers it. */
export async function findTag(db: Db, id: number) {
  const row = await db
    .selectFrom('tag as t')
    .leftJoin('users as cu', 'cu.id', 't.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 't.changed_by_fk')
    .select([
      't.id',
      't.name',
      't.type',
      't.description',
      't.created_on',
      't.changed_on',
      't.created_by_fk',
      't.changed_by_fk',
      'cu.first_name as created_first',
      'cu.last_name as created_last',
      'mu.first_name as changed_first',
      'mu.last_name as changed_last',
    ])
    .where('t.id', '=', id)
    .where('t.type', '=', CUSTOM_TAG)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    type: typeNumber(row.type),
    description: row.description,
    changed_on_delta_humanized: humanizeSince(row.changed_on),
    created_on_delta_humanized: humanizeSince(row.created_on),
    changed_by: person(row.changed_by_fk, row.changed_first, row.changed_last),
    created_by: person(row.created_by_fk, row.created_first, row.created_last),
  };
}

/** The custom tags with these names, by name. */
export async function tagsByName(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('tag')
    .select(['id', 'name'])
    .where('name', 'in', [...names])
    .where('type', '=', CUSTOM_TAG)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The id of the tag with this name (other than `exceptId`), if any. */
export async function tagIdByName(db: Db, name: string, exceptId?: number): Promise<number | undefined> {
  let query = db.selectFrom('tag').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function insertTag(
  db: Db,
  values: { name: string; description: string | null; userId: number },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('tag')
    .values({
      name: values.name,
      type: CUSTOM_TAG,
      description: values.description,
      created_on: now,
      changed_on: now,
      created_by_fk: values.userId,
      changed_by_fk: values.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTag(
  db: Db,
  id: number,
  changes: { name?: string; description?: string | null; userId: number },
): Promise<void> {
  await db
    .updateTable('tag')
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.description !== undefined && { description: changes.description }),
      changed_on: nowIso(),
      changed_by_fk: changes.userId,
    })
    .where('id', '=', id)
    .execute();
}

/** Tags with what carries them and everyone's stars on them; the caller runs it in a transaction. */
export async function deleteTags(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  await db.deleteFrom('tagged_object').where('tag_id', 'in', list).execute();
  await removeFavouritesOf(db, FAVOURITE_CLASS.tag, list);
  await db.deleteFrom('tag').where('id', 'in', list).execute();
}

export interface Tagging {
  type: TaggedObjectType;
  id: number;
}

/** What carries a tag. */
export async function taggingsOf(db: Db, tagId: number): Promise<Tagging[]> {
  const rows = await db
    .selectFrom('tagged_object')
    .select(['object_type', 'object_id'])
    .where('tag_id', '=', tagId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ type: row.object_type as TaggedObjectType, id: row.object_id }));
}

/** Takes one tag off one object; whether it was on it. */
export async function removeTagging(db: Db, tagId: number, object: Tagging): Promise<boolean> {
  const result = await db
    .deleteFrom('tagged_object')
    .where('tag_id', '=', tagId)
    .where('object_type', '=', object.type)
    .where('object_id', '=', object.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The ids among `ids` that name custom tags. */
export async function existingTagIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tag')
    .select('id')
    .where('id', 'in', [...ids])
    .where('type', '=', CUSTOM_TAG)
    .execute();
  return rows.map((row) => row.id);
}

/** Which tags `get_objects` asks for: ids, names, or (neither) every custom tag. */
export type TagSelection = { ids: number[] } | { names: string[] } | 'all';

function carryingCondition(type: TaggedObjectType, idColumn: string, selection: TagSelection) {
  const tagCondition =
    selection === 'all'
      ? sql<SqlBool>`1 = 1`
      : 'ids' in selection
        ? selection.ids.length === 0
          ? sql<SqlBool>`1 = 0`
          : sql<SqlBool>`gt.id in (${sql.join(selection.ids)})`
        : selection.names.length === 0
          ? sql<SqlBool>`1 = 0`
          : sql<SqlBool>`gt.name in (${sql.join(selection.names)})`;
  return sql<SqlBool>`${sql.ref(idColumn)} in (select go.object_id from tagged_object go inner join tag gt on gt.id = go.tag_id where go.object_type = ${type} and gt.type = ${CUSTOM_TAG} and ${tagCondition})`;
}

/** A tagged object's row before presenting: its name(s), when it changed and who made it. */
export interface TaggedObjectRow {
  id: number;
  name: string;
  name_ru: string | null;
  slug?: string | null;
  default_endpoint?: string | null;
  changed_on: string | null;
  created_by_fk: number | null;
  creator_first: string | null;
  creator_last: string | null;
}

/** The dashboards carrying the selected tags that `visible` (over alias `d`) lets the caller see. */
export async function taggedDashboards(
  db: Db,
  selection: TagSelection,
  visible: Expression<SqlBool>,
): Promise<TaggedObjectRow[]> {
  return db
    .selectFrom('dashboards as d')
    .leftJoin('users as u', 'u.id', 'd.created_by_fk')
    .select([
      'd.id',
      'd.dashboard_title as name',
      'd.dashboard_title_ru as name_ru',
      'd.slug',
      'd.changed_on',
      'd.created_by_fk',
      'u.first_name as creator_first',
      'u.last_name as creator_last',
    ])
    .where(carryingCondition('dashboard', 'd.id', selection))
    .where(visible)
    .orderBy('d.dashboard_title')
    .execute();
}

/** The charts carrying the selected tags that `visible` (over alias `s`) lets the caller see. */
export async function taggedCharts(
  db: Db,
  selection: TagSelection,
  visible: Expression<SqlBool>,
): Promise<TaggedObjectRow[]> {
  return db
    .selectFrom('slices as s')
    .leftJoin('users as u', 'u.id', 's.created_by_fk')
    .select([
      's.id',
      's.slice_name as name',
      's.slice_name_ru as name_ru',
      's.changed_on',
      's.created_by_fk',
      'u.first_name as creator_first',
      'u.last_name as creator_last',
    ])
    .where(carryingCondition('chart', 's.id', selection))
    .where(visible)
    .orderBy('s.slice_name')
    .execute();
}

/** The saved queries carrying the selected tags: the caller's own, or every one for `all`. */
export async function taggedSavedQueries(
  db: Db,
  selection: TagSelection,
  ownerId: number | 'all',
): Promise<TaggedObjectRow[]> {
  let query = db
    .selectFrom('saved_queries as sq')
    .leftJoin('users as u', 'u.id', 'sq.created_by_fk')
    .select([
      'sq.id',
      'sq.label as name',
      sql<null>`null`.as('name_ru'),
      'sq.changed_on',
      'sq.created_by_fk',
      'u.first_name as creator_first',
      'u.last_name as creator_last',
    ])
    .where(carryingCondition('query', 'sq.id', selection));
  if (ownerId !== 'all') query = query.where('sq.user_id', '=', ownerId);
  return query.orderBy('sq.label').execute();
}

/** The datasets carrying the selected tags that `visible` (over alias `ds`) lets the caller see. */
export async function taggedDatasets(
  db: Db,
  selection: TagSelection,
  visible: Expression<SqlBool>,
): Promise<TaggedObjectRow[]> {
  return db
    .selectFrom('datasets as ds')
    .leftJoin('users as u', 'u.id', 'ds.created_by_fk')
    .select([
      'ds.id',
      'ds.table_name as name',
      sql<null>`null`.as('name_ru'),
      'ds.default_endpoint',
      'ds.changed_on',
      'ds.created_by_fk',
      'u.first_name as creator_first',
      'u.last_name as creator_last',
    ])
    .where(carryingCondition('dataset', 'ds.id', selection))
    .where(visible)
    .orderBy('ds.table_name')
    .execute();
}

/** The owner of each saved query: the user who saved it. */
export async function savedQueryOwners(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, Array<{ id: number; first_name: string; last_name: string }>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('saved_queries as sq')
    .innerJoin('users as u', 'u.id', 'sq.user_id')
    .select(['sq.id', 'u.id as user_id', 'u.first_name', 'u.last_name'])
    .where('sq.id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((row) => [row.id, [{ id: row.user_id, first_name: row.first_name, last_name: row.last_name }]]),
  );
}
