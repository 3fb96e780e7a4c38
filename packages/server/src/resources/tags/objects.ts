import type { TaggedObject, TaggedObjectType, UserRef } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { ForbiddenError, HttpError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { chartVisibleCondition, editableChart } from '../charts/access.ts';
import { ownersBySlice } from '../charts/repo.ts';
import { dashboardVisibleCondition, editableDashboard, rbacEnabled } from '../dashboards/access.ts';
import { dashboardUrl } from '../dashboards/list.ts';
import { ownersByDashboard } from '../dashboards/repo.ts';
import { visibleCondition as datasetVisibleCondition, editableDataset } from '../datasets/access.ts';
import { exploreUrl, ownersByDataset } from '../datasets/repo.ts';
import { visibleIds as visibleSavedQueryIds } from '../savedQueries/repo.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * What each kind of taggable object means to the tag API — one entry per Superset ObjectType: who may tag
 * it (whoever may edit it: the same 404 and 403 as the object's own API), which of them a caller sees in
 * `get_objects` (the object API's own visibility, and only with can_read on its view), its owners and
 * its URL.
 */
interface ObjectKind {
  /** The class permission of the object's own API. */
  view: string;
  /** Resolves when the caller may change the object; 404 when they cannot see it, 403 when they may not change it. */
  checkEditable(ctx: AppContext, principal: Principal, id: number): Promise<void>;
  /** The objects carrying the selected tags that the caller sees. */
  visible(
    ctx: AppContext,
    principal: Principal,
    selection: repo.TagSelection,
  ): Promise<repo.TaggedObjectRow[]>;
  owners(db: Db, ids: number[]): Promise<Map<number | string, UserRef[]>>;
  url(row: repo.TaggedObjectRow): string;
}

function requireWrite(principal: Principal, view: string): void {
  if (!hasPermission(principal, 'can_write', view)) throw new ForbiddenError();
}

export const OBJECT_KINDS: Record<TaggedObjectType, ObjectKind> = {
  dashboard: {
    view: 'Dashboard',
    checkEditable: async (ctx, principal, id) => {
      await editableDashboard(ctx.metastore.db, principal, String(id), rbacEnabled(ctx));
    },
    visible: (ctx, principal, selection) =>
      repo.taggedDashboards(
        ctx.metastore.db,
        selection,
        dashboardVisibleCondition(principal, 'd', rbacEnabled(ctx)),
      ),
    owners: (db, ids) => ownersByDashboard(db, ids),
    url: (row) => dashboardUrl({ id: row.id, slug: row.slug }),
  },
  chart: {
    view: 'Chart',
    checkEditable: async (ctx, principal, id) => {
      await editableChart(ctx.metastore.db, principal, id);
      requireWrite(principal, 'Chart');
    },
    visible: async (ctx, principal, selection) =>
      repo.taggedCharts(
        ctx.metastore.db,
        selection,
        await chartVisibleCondition(ctx.metastore.db, principal),
      ),
    owners: (db, ids) => ownersBySlice(db, ids),
    url: (row) => `/explore/?slice_id=${row.id}`,
  },
  query: {
    view: 'SavedQuery',
    checkEditable: async (ctx, principal, id) => {
      // Saved queries are their author's (every one is an admin's); others' answer 404, as their API does.
      if ((await visibleSavedQueryIds(ctx.metastore.db, principal, [id])).length === 0)
        throw new NotFoundError();
      requireWrite(principal, 'SavedQuery');
    },
    visible: (ctx, principal, selection) =>
      repo.taggedSavedQueries(ctx.metastore.db, selection, principal.isAdmin ? 'all' : principal.id),
    owners: (db, ids) => repo.savedQueryOwners(db, ids),
    url: (row) => `/sqllab/?savedQueryId=${row.id}`,
  },
  dataset: {
    view: 'Dataset',
    checkEditable: async (ctx, principal, id) => {
      await editableDataset(ctx.metastore.db, principal, id);
      requireWrite(principal, 'Dataset');
    },
    visible: async (ctx, principal, selection) =>
      repo.taggedDatasets(
        ctx.metastore.db,
        selection,
        await datasetVisibleCondition(ctx.metastore.db, principal),
      ),
    owners: (db, ids) => ownersByDataset(db, ids),
    url: (row) => exploreUrl(row.id, row.default_endpoint ?? null),
  },
};

/** Whether the caller may change the object (no error: a bulk call skips the ones they may not). */
export async function mayEdit(ctx: AppContext, principal: Principal, object: repo.Tagging): Promise<boolean> {
  try {
    await OBJECT_KINDS[object.type].checkEditable(ctx, principal, object.id);
    return true;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) return false;
    throw error;
  }
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part !== null && part !== '').join(' ') || null;

/**
 * `get_objects`: every object of the asked types carrying the selected tags that the caller may open —
 * a type whose view they cannot read is left out, and within a type the object API's own visibility
 * applies — each with its custom tags and owners.
 */
export async function visibleTaggedObjects(
  ctx: AppContext,
  principal: Principal,
  selection: repo.TagSelection,
  types: readonly TaggedObjectType[],
  tagsOf: (type: TaggedObjectType, ids: number[]) => Promise<Map<number, TaggedObject['tags']>>,
): Promise<TaggedObject[]> {
  const objects: TaggedObject[] = [];
  for (const type of types) {
    const kind = OBJECT_KINDS[type];
    if (!hasPermission(principal, 'can_read', kind.view)) continue;
    const rows = await kind.visible(ctx, principal, selection);
    const ids = rows.map((row) => row.id);
    const tags = await tagsOf(type, ids);
    const owners = await kind.owners(ctx.metastore.db, ids);
    for (const row of rows) {
      objects.push({
        id: row.id,
        type,
        name: row.name,
        name_ru: row.name_ru,
        url: kind.url(row),
        changed_on: row.changed_on,
        created_by: row.created_by_fk,
        creator: fullName(row.creator_first, row.creator_last),
        tags: tags.get(row.id) ?? [],
        owners: (owners.get(row.id) ?? []).map(({ id, first_name, last_name }) => ({
          id,
          first_name,
          last_name,
        })),
      });
    }
  }
  return objects;
}
