import { UnprocessableError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import type { Principal } from '../../security/principal.ts';
import { ownerIds } from '../datasets/create.ts';
import { unknownTagIds } from '../tagging/objectTags.ts';
import { replaceCustomTaggings } from '../tagging/repo.ts';
import { editableDashboard, rbacEnabled } from './access.ts';
import { currentLayout, currentMetadata } from './documents.ts';
import {
  blankToNull,
  checkShape,
  cleanSlug,
  type DashboardInput,
  type FieldErrors,
  throwIfAny,
  trimmedOrNull,
} from './fields.ts';
import * as repo from './repo.ts';
import { syncChartsWithLayout } from './slices.ts';
import { refuseStaleSave } from './staleSave.ts';

/**
 * `PUT /api/v1/dashboard/{id}`: owners (with can_write) and admins change the fields given — the
 * published flag alone, the properties, or json_metadata alone (colour sync) are the bodies the web app
 * sends. `owners` and `roles` replace their sets; a new position_json also makes the dashboard's
 * charts those of the layout; `tags` (custom tag ids) replaces its custom tags. Everything is written in
 * one transaction.
 */

export interface DashboardUpdate extends DashboardInput {
  /** The changed_on the client loaded (stale-save check). */
  changed_on?: string;
  /** Custom tag ids; the list replaces the dashboard's custom tags. */
  tags?: number[];
}

export interface UpdateResult {
  id: number;
  result: DashboardInput & { tags?: number[] };
  last_modified_time: number;
}

/** Epoch seconds without the fraction, as Superset answers last_modified_time. */
export const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export async function updateDashboard(
  ctx: AppContext,
  principal: Principal,
  id: number,
  update: DashboardUpdate,
): Promise<UpdateResult> {
  const db = ctx.metastore.db;
  const { changed_on: loadedChangedOn, tags, ...input } = update;
  const slug = input.slug === undefined ? undefined : cleanSlug(input.slug);
  checkShape(input, slug ?? null);
  const dashboard = await editableDashboard(db, principal, String(id), rbacEnabled(ctx));

  const errors: FieldErrors = {};
  if (slug && (await repo.slugTaken(db, slug, dashboard.id))) errors.slug = ['Must be unique'];
  const owners = input.owners === undefined ? null : await ownerIds(db, principal, input.owners, false);
  if (owners) Object.assign(errors, owners.errors);
  const roleIds = input.roles === undefined ? null : [...new Set(input.roles)];
  if (roleIds && (await repo.unknownRoleIds(db, roleIds)).length > 0) {
    errors.roles = ['Some roles do not exist'];
  }
  const tagIds = tags === undefined ? null : [...new Set(tags)];
  if (tagIds && (await unknownTagIds(db, principal, 'Dashboard', tagIds)).length > 0) {
    errors.tags = ['Some tags do not exist'];
  }
  throwIfAny(errors);

  const title = input.dashboard_title === undefined ? undefined : (input.dashboard_title?.trim() ?? '');
  const normalised: DashboardInput = {
    ...input,
    ...(title !== undefined && { dashboard_title: title }),
    ...(input.dashboard_title_ru !== undefined && {
      dashboard_title_ru: trimmedOrNull(input.dashboard_title_ru),
    }),
    ...(slug !== undefined && { slug }),
    ...(input.json_metadata !== undefined && {
      json_metadata: currentMetadata(blankToNull(input.json_metadata)),
    }),
    ...(input.position_json !== undefined && {
      position_json: currentLayout(blankToNull(input.position_json)),
    }),
    ...(owners && { owners: owners.ids }),
    ...(roleIds && { roles: roleIds }),
  };
  refuseStaleSave(
    ctx,
    loadedChangedOn,
    {
      row: dashboard,
      owners: ((await repo.ownersByDashboard(db, [dashboard.id])).get(dashboard.id) ?? []).map((u) => u.id),
      roles: ((await repo.rolesByDashboard(db, [dashboard.id])).get(dashboard.id) ?? []).map((r) => r.id),
    },
    normalised as Record<string, unknown>,
  );

  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await repo.updateDashboardRow(trx, dashboard.id, {
        ...(title !== undefined && { dashboard_title: title }),
        ...(input.dashboard_title_ru !== undefined && {
          dashboard_title_ru: normalised.dashboard_title_ru ?? null,
        }),
        ...(slug !== undefined && { slug }),
        ...(input.css !== undefined && { css: input.css }),
        ...(input.json_metadata !== undefined && { json_metadata: normalised.json_metadata }),
        ...(input.position_json !== undefined && { position_json: normalised.position_json }),
        ...(input.published !== undefined && { published: input.published ? 1 : 0 }),
        ...(input.certified_by !== undefined && { certified_by: trimmedOrNull(input.certified_by) }),
        ...(input.certification_details !== undefined && {
          certification_details: input.certification_details,
        }),
        ...(input.is_managed_externally !== undefined && {
          is_managed_externally: input.is_managed_externally ? 1 : 0,
        }),
        ...(input.external_url !== undefined && { external_url: input.external_url }),
        changed_on: now,
        changed_by_fk: principal.id,
      });
      if (owners) await repo.replaceOwners(trx, dashboard.id, owners.ids);
      if (roleIds) await repo.replaceRoles(trx, dashboard.id, roleIds);
      if (tagIds) await replaceCustomTaggings(trx, 'dashboard', dashboard.id, tagIds, principal.id);
      if (input.position_json !== undefined) {
        await syncChartsWithLayout(trx, principal, dashboard.id, normalised.position_json ?? null);
      }
    });
  } catch (error) {
    // Another request took the slug between the check and the write.
    if (uniqueViolationColumns(error)?.includes('slug')) {
      throw new UnprocessableError({ slug: ['Must be unique'] });
    }
    throw error;
  }
  return {
    id: dashboard.id,
    result: { ...normalised, ...(tagIds && { tags: tagIds }) },
    last_modified_time: epochSeconds(now),
  };
}
