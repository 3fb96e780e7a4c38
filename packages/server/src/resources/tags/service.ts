import type { ListQuery, TaggedObject, TaggedObjectType } from '@vitrina/common';
import { BadRequestError, ForbiddenError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { AppContext } from '../../http/types.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import type { Principal } from '../../security/principal.ts';
import { addFavourite, FAVOURITE_CLASS, favouriteIds, removeFavourite } from '../favourites/repo.ts';
import { addTaggings, tagsByObject } from '../tagging/repo.ts';
import type { ObjectRef, TagInput } from './input.ts';
import { mayEdit, OBJECT_KINDS, visibleTaggedObjects } from './objects.ts';
import * as repo from './repo.ts';

/**
 * Tags and tagging (Superset's tag commands and TagDAO). Only custom tags exist. Whoever may edit an
 * object may put tags on it and take them off; a tag itself is renamed or deleted by an admin, or by
 * someone who may edit every object carrying it, so nobody strips tags from objects that are not theirs.
 * Writes that belong together run in one transaction.
 */

const NAME_TAKEN = { name: ['Name must be unique'] };

const key = (object: ObjectRef) => `${object.type}:${object.id}`;

/** A write that lost a race with another of the same name answers as the check before it would. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationColumns(error) !== undefined) throw new UnprocessableError(NAME_TAKEN);
    throw error;
  }
}

export function listTags(ctx: AppContext, query: ListQuery): Promise<ListResult> {
  return runList(ctx.metastore.db, repo.tagsBase(ctx.metastore.db), repo.tagsList, query);
}

export async function getTag(ctx: AppContext, id: number) {
  const tag = await repo.findTag(ctx.metastore.db, id);
  if (!tag) throw new NotFoundError();
  return tag;
}

/** Splits objects into those the caller may change and those skipped. */
async function sortByRights(
  ctx: AppContext,
  principal: Principal,
  objects: readonly ObjectRef[],
): Promise<{ editable: ObjectRef[]; skipped: ObjectRef[] }> {
  const editable: ObjectRef[] = [];
  const skipped: ObjectRef[] = [];
  const seen = new Set<string>();
  for (const object of objects) {
    if (seen.has(key(object))) continue;
    seen.add(key(object));
    ((await mayEdit(ctx, principal, object)) ? editable : skipped).push(object);
  }
  return { editable, skipped };
}

/**
 * `POST /api/v1/tag/`: finds or makes the custom tag of that name, sets its description and, when
 * `objects_to_tag` is given, makes what carries it that list — among the objects the caller may change;
 * the others are skipped silently and keep their tag, as Superset skips them.
 */
export async function createTag(ctx: AppContext, principal: Principal, input: TagInput): Promise<number> {
  const db = ctx.metastore.db;
  const wanted = input.objects === undefined ? undefined : await sortByRights(ctx, principal, input.objects);
  const current = (await repo.tagsByName(db, [input.name])).get(input.name);
  const removable =
    current === undefined || wanted === undefined
      ? []
      : (await sortByRights(ctx, principal, await repo.taggingsOf(db, current))).editable;
  return unique(() =>
    db.transaction().execute(async (trx) => {
      let id = current;
      if (id === undefined) {
        if ((await repo.tagIdByName(trx, input.name)) !== undefined) throw new UnprocessableError(NAME_TAKEN);
        id = await repo.insertTag(trx, {
          name: input.name,
          description: input.description ?? null,
          userId: principal.id,
        });
      } else if (input.description !== undefined) {
        await repo.updateTag(trx, id, { description: input.description, userId: principal.id });
      }
      if (wanted) {
        const keep = new Set(wanted.editable.map(key));
        for (const object of removable) if (!keep.has(key(object))) await repo.removeTagging(trx, id, object);
        for (const object of wanted.editable)
          await addTaggings(trx, object.type, object.id, [id], principal.id);
      }
      return id;
    }),
  );
}

/** Whether the caller may rename or delete a tag: an admin, or someone who may change all it is on. */
async function checkTagOwnership(ctx: AppContext, principal: Principal, tagId: number): Promise<void> {
  if (principal.isAdmin) return;
  const { skipped } = await sortByRights(ctx, principal, await repo.taggingsOf(ctx.metastore.db, tagId));
  if (skipped.length > 0) {
    throw new ForbiddenError(
      'This tag is on objects you may not change; only an admin may change or delete it',
    );
  }
}

/** `PUT /api/v1/tag/{id}`: renames the tag, sets its description and (when given) what carries it. */
export async function updateTag(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: TagInput,
): Promise<void> {
  const db = ctx.metastore.db;
  await getTag(ctx, id);
  if ((await repo.tagIdByName(db, input.name, id)) !== undefined) throw new UnprocessableError(NAME_TAKEN);
  await checkTagOwnership(ctx, principal, id);
  const wanted = input.objects === undefined ? undefined : await sortByRights(ctx, principal, input.objects);
  const current = await repo.taggingsOf(db, id);
  await unique(() =>
    db.transaction().execute(async (trx) => {
      await repo.updateTag(trx, id, {
        name: input.name,
        ...(input.description !== undefined && { description: input.description }),
        userId: principal.id,
      });
      if (wanted) {
        const keep = new Set(wanted.editable.map(key));
        for (const object of current) if (!keep.has(key(object))) await repo.removeTagging(trx, id, object);
        for (const object of wanted.editable)
          await addTaggings(trx, object.type, object.id, [id], principal.id);
      }
    }),
  );
}

/** `DELETE /api/v1/tag/{id}`: the tag, what carries it and everyone's stars on it. */
export async function deleteTag(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  await getTag(ctx, id);
  await checkTagOwnership(ctx, principal, id);
  await ctx.metastore.db.transaction().execute((trx) => repo.deleteTags(trx, [id]));
}

/** `DELETE /api/v1/tag/?q=!(names)`: every named tag or none; an unknown name is a 422, as Superset answers. */
export async function deleteTagsByName(
  ctx: AppContext,
  principal: Principal,
  names: readonly string[],
): Promise<number> {
  const unique = [...new Set(names)];
  const found = await repo.tagsByName(ctx.metastore.db, unique);
  const missing = unique.filter((name) => !found.has(name));
  if (missing.length > 0) {
    throw new UnprocessableError(
      `Invalid tag parameters: ${unique.join(', ')}. Tags not found: ${missing.join(', ')}`,
    );
  }
  for (const id of found.values()) await checkTagOwnership(ctx, principal, id);
  await ctx.metastore.db.transaction().execute((trx) => repo.deleteTags(trx, [...found.values()]));
  return unique.length;
}

/** Finds or makes custom tags by name, inside a transaction; their ids in the names' order. */
async function ensureTags(
  trx: Parameters<typeof repo.insertTag>[0],
  principal: Principal,
  names: readonly string[],
): Promise<number[]> {
  const existing = await repo.tagsByName(trx, names);
  const ids: number[] = [];
  for (const name of names) {
    let id = existing.get(name);
    if (id === undefined) {
      // A name taken by a tag of another type cannot be made custom.
      if ((await repo.tagIdByName(trx, name)) !== undefined) {
        throw new UnprocessableError({ tags: [`The tag name ${name} is taken`] });
      }
      id = await repo.insertTag(trx, { name, description: null, userId: principal.id });
    }
    ids.push(id);
  }
  return ids;
}

/**
 * `POST /api/v1/tag/bulk_create`: makes the tags that are missing and adds each to its objects (never
 * removes); objects the caller may not change are answered as skipped.
 */
export async function bulkCreate(
  ctx: AppContext,
  principal: Principal,
  tags: readonly TagInput[],
): Promise<{ objects_tagged: Array<[string, number]>; objects_skipped: Array<[string, number]> }> {
  const plans: Array<{ tag: TagInput; editable: ObjectRef[] }> = [];
  const tagged = new Map<string, ObjectRef>();
  const skipped = new Map<string, ObjectRef>();
  for (const tag of tags) {
    const sorted = await sortByRights(ctx, principal, tag.objects ?? []);
    plans.push({ tag, editable: sorted.editable });
    for (const object of sorted.editable) tagged.set(key(object), object);
    for (const object of sorted.skipped) skipped.set(key(object), object);
  }
  await unique(() =>
    ctx.metastore.db.transaction().execute(async (trx) => {
      for (const { tag, editable } of plans) {
        const [id] = await ensureTags(trx, principal, [tag.name]);
        if (tag.description !== undefined) {
          await repo.updateTag(trx, id!, { description: tag.description, userId: principal.id });
        }
        for (const object of editable) await addTaggings(trx, object.type, object.id, [id!], principal.id);
      }
    }),
  );
  const pairs = (objects: Map<string, ObjectRef>) =>
    [...objects.values()].map((object): [string, number] => [object.type, object.id]);
  for (const name of tagged.keys()) skipped.delete(name);
  return { objects_tagged: pairs(tagged), objects_skipped: pairs(skipped) };
}

/** `POST /api/v1/tag/{type}/{id}/`: puts the named tags on an object the caller may change, making missing ones. */
export async function tagObject(
  ctx: AppContext,
  principal: Principal,
  object: ObjectRef,
  names: readonly string[],
): Promise<void> {
  await OBJECT_KINDS[object.type].checkEditable(ctx, principal, object.id);
  await unique(() =>
    ctx.metastore.db.transaction().execute(async (trx) => {
      const ids = await ensureTags(trx, principal, names);
      await addTaggings(trx, object.type, object.id, ids, principal.id);
    }),
  );
}

/** `DELETE /api/v1/tag/{type}/{id}/{name}/`: takes a tag off an object the caller may change; 404 when it is not on it. */
export async function untagObject(
  ctx: AppContext,
  principal: Principal,
  object: ObjectRef,
  name: string,
): Promise<void> {
  await OBJECT_KINDS[object.type].checkEditable(ctx, principal, object.id);
  const id = (await repo.tagsByName(ctx.metastore.db, [name])).get(name);
  if (id === undefined) throw new NotFoundError();
  if (!(await repo.removeTagging(ctx.metastore.db, id, object))) throw new NotFoundError();
}

/** Reads `get_objects`' comma-separated parameters: tag ids win over names; neither selects every tag. */
export function tagSelection(tagIds: string | undefined, tags: string | undefined): repo.TagSelection {
  const split = (text: string | undefined) =>
    (text ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  const ids = split(tagIds);
  if (ids.length > 0) {
    if (!ids.every((id) => /^\d+$/.test(id) && Number.isSafeInteger(Number(id)))) {
      throw new BadRequestError('tagIds must be a comma-separated list of tag ids');
    }
    return { ids: ids.map(Number) };
  }
  const names = split(tags);
  return names.length > 0 ? { names } : 'all';
}

export async function taggedObjects(
  ctx: AppContext,
  principal: Principal,
  selection: repo.TagSelection,
  types: readonly TaggedObjectType[],
): Promise<TaggedObject[]> {
  return visibleTaggedObjects(ctx, principal, selection, types, (type, ids) =>
    tagsByObject(ctx.metastore.db, type, ids),
  );
}

/** `favorite_status/?q=!(ids)`: whether the caller starred each tag; 404 when none of them exists. */
export async function tagFavoriteStatus(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<Array<{ id: number; value: boolean }>> {
  if ((await repo.existingTagIds(ctx.metastore.db, ids)).length === 0) throw new NotFoundError();
  const starred = await favouriteIds(ctx.metastore.db, principal.id, FAVOURITE_CLASS.tag, ids);
  return ids.map((id) => ({ id, value: starred.has(id) }));
}

export async function starTag(
  ctx: AppContext,
  principal: Principal,
  id: number,
  starred: boolean,
): Promise<void> {
  await getTag(ctx, id);
  if (starred) await addFavourite(ctx.metastore.db, principal.id, FAVOURITE_CLASS.tag, id);
  else await removeFavourite(ctx.metastore.db, principal.id, FAVOURITE_CLASS.tag, id);
}
