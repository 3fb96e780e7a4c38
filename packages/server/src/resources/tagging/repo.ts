import type { ListFilter, TaggedObjectType, TagRef } from '@vitrina/common';
import { TAG_TYPES } from '@vitrina/common';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { likePattern } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/**
 * The tags on dashboards, charts, saved queries and datasets (Superset's tagged_object table), as the
 * resources that own those objects need them: each object's tags for its list and show payloads, the tag
 * filters of their lists, a PUT's `tags:[ids]`, and removing an object's tags when it is deleted (in the
 * deleting transaction: the reference is polymorphic, so no foreign key does it). The tag API itself
 * lives in resources/tags, which uses the objects' access checks; this folder uses none, so the
 * resources can import it without a cycle.
 */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;

/** The stored type of the tags people make; the API shows it as Superset's number (TAG_TYPES). */
export const CUSTOM_TAG = 'custom';

const ESCAPE = sql.lit('\\');

/** A stored tag as object payloads show it: `{id, name, type}` with the type as Superset's number. */
export function tagRef(row: { id: number; name: string; type: string }): TagRef {
  return {
    id: row.id,
    name: row.name,
    type: TAG_TYPES[row.type as keyof typeof TAG_TYPES] ?? TAG_TYPES.custom,
  };
}

/** Each object's custom tags by name; objects without tags are absent from the map. */
export async function tagsByObject(
  db: Db,
  type: TaggedObjectType,
  ids: ReadonlyArray<number | string>,
): Promise<Map<number, TagRef[]>> {
  const byObject = new Map<number, TagRef[]>();
  if (ids.length === 0) return byObject;
  const rows = await db
    .selectFrom('tagged_object as o')
    .innerJoin('tag as t', 't.id', 'o.tag_id')
    .select(['o.object_id', 't.id', 't.name', 't.type'])
    .where('o.object_type', '=', type)
    .where('o.object_id', 'in', ids.map(Number))
    .where('t.type', '=', CUSTOM_TAG)
    .orderBy('t.name')
    .execute();
  for (const row of rows) {
    const list = byObject.get(row.object_id) ?? [];
    list.push(tagRef(row));
    byObject.set(row.object_id, list);
  }
  return byObject;
}

/** One object's custom tags by name. */
export async function tagsOf(db: Db, type: TaggedObjectType, id: number): Promise<TagRef[]> {
  return (await tagsByObject(db, type, [id])).get(id) ?? [];
}

/** A list's `tags` relation: the page's objects and their tags (an object without any has `[]`). */
export function tagsRelation(type: TaggedObjectType) {
  return async (db: Kysely<MetastoreSchema>, ids: Array<number | string>) =>
    (await tagsByObject(db, type, ids)) as Map<number | string, unknown>;
}

/** Removes every tag from deleted objects; the caller runs it in the deleting transaction. */
export async function removeTaggingsOf(
  db: Db,
  type: TaggedObjectType,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('tagged_object')
    .where('object_type', '=', type)
    .where('object_id', 'in', [...ids])
    .execute();
}

/** The ids among `ids` that name custom tags. */
export async function existingCustomTagIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tag')
    .select('id')
    .where('id', 'in', [...ids])
    .where('type', '=', CUSTOM_TAG)
    .execute();
  return rows.map((row) => row.id);
}

/** Puts tags on an object; ones it already carries are left as they are. */
export async function addTaggings(
  db: Db,
  type: TaggedObjectType,
  objectId: number,
  tagIds: readonly number[],
  userId: number | null,
): Promise<void> {
  if (tagIds.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('tagged_object')
    .values(
      [...new Set(tagIds)].map((tagId) => ({
        tag_id: tagId,
        object_id: objectId,
        object_type: type,
        created_on: now,
        created_by_fk: userId,
      })),
    )
    .onConflict((oc) => oc.columns(['tag_id', 'object_type', 'object_id']).doNothing())
    .execute();
}

/**
 * Makes an object's custom tags exactly `tagIds` (a chart's or a dashboard's PUT with `tags`); tags of
 * other types stay.
 */
export async function replaceCustomTaggings(
  db: Db,
  type: TaggedObjectType,
  objectId: number,
  tagIds: readonly number[],
  userId: number | null,
): Promise<void> {
  const keep = [...new Set(tagIds)];
  let remove = db
    .deleteFrom('tagged_object')
    .where('object_type', '=', type)
    .where('object_id', '=', objectId)
    .where('tag_id', 'in', (eb) => eb.selectFrom('tag').select('tag.id').where('tag.type', '=', CUSTOM_TAG));
  if (keep.length > 0) remove = remove.where('tag_id', 'not in', keep);
  await remove.execute();
  await addTaggings(db, type, objectId, keep, userId);
}

/**
 * The tag filters of an object list, by Superset's names for them: `<prefix>_tags` keeps the objects
 * carrying a custom tag whose name contains the text (its BaseTagNameFilter), `<prefix>_tag_id` those
 * carrying the tag with that id (BaseTagIdFilter). An empty value filters nothing.
 */
export function tagListOperators(
  prefix: string,
  type: TaggedObjectType,
  idColumn: Expression<unknown>,
): Record<string, (filter: ListFilter) => Expression<SqlBool>> {
  const carrying = (condition: Expression<SqlBool>) =>
    sql<SqlBool>`${idColumn} in (select tgo.object_id from tagged_object tgo inner join tag tgt on tgt.id = tgo.tag_id where tgo.object_type = ${type} and tgt.type = ${CUSTOM_TAG} and ${condition})`;
  return {
    [`${prefix}_tags`]: (filter) => {
      const text = String(filter.value ?? '').trim();
      if (text === '') return sql<SqlBool>`1 = 1`;
      return carrying(sql<SqlBool>`lower(tgt.name) like ${likePattern(text, '%', '%')} escape ${ESCAPE}`);
    },
    [`${prefix}_tag_id`]: (filter) => {
      if (filter.value === '' || filter.value === null) return sql<SqlBool>`1 = 1`;
      const id = Number(filter.value);
      if (!Number.isSafeInteger(id)) return sql<SqlBool>`1 = 0`;
      return carrying(sql<SqlBool>`tgt.id = ${id}`);
    },
  };
}

/** The `tags` search column of a list: its two operators (see tagListOperators). */
export function tagSearchColumn(prefix: string) {
  return { operators: [`${prefix}_tags`, `${prefix}_tag_id`], type: 'text' as const };
}
