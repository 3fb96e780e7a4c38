import { randomUUID } from 'node:crypto';
import { UnprocessableError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import type { Principal } from '../../security/principal.ts';
import { ownerIds } from '../datasets/create.ts';
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

/** `POST /api/v1/dashboard/`: a new dashboard owned by its creator (and the owners named). */

export async function createDashboard(
  ctx: AppContext,
  principal: Principal,
  input: DashboardInput,
): Promise<{ id: number; result: DashboardInput }> {
  const db = ctx.metastore.db;
  const slug = cleanSlug(input.slug);
  checkShape(input, slug);
  const errors: FieldErrors = {};
  if (slug !== null && (await repo.slugTaken(db, slug))) errors.slug = ['Must be unique'];
  const owners = await ownerIds(db, principal, input.owners, true);
  Object.assign(errors, owners.errors);
  const roleIds = [...new Set(input.roles ?? [])];
  if ((await repo.unknownRoleIds(db, roleIds)).length > 0) errors.roles = ['Some roles do not exist'];
  throwIfAny(errors);

  const now = nowIso();
  const title = input.dashboard_title?.trim() ?? '';
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const dashboardId = await repo.insertDashboard(trx, {
        uuid: randomUUID(),
        dashboard_title: title,
        dashboard_title_ru: trimmedOrNull(input.dashboard_title_ru),
        slug,
        position_json: currentLayout(blankToNull(input.position_json)),
        json_metadata: currentMetadata(blankToNull(input.json_metadata)),
        css: input.css ?? null,
        description: null,
        published: input.published ? 1 : 0,
        certified_by: blankToNull(input.certified_by),
        certification_details: input.certification_details ?? null,
        is_managed_externally: input.is_managed_externally ? 1 : 0,
        external_url: input.external_url ?? null,
        created_on: now,
        changed_on: now,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      });
      await repo.replaceOwners(trx, dashboardId, owners.ids);
      await repo.replaceRoles(trx, dashboardId, roleIds);
      await syncChartsWithLayout(trx, principal, dashboardId, blankToNull(input.position_json));
      return dashboardId;
    });
  } catch (error) {
    // Another request took the slug between the check and the insert.
    if (uniqueViolationColumns(error)?.includes('slug'))
      throw new UnprocessableError({ slug: ['Must be unique'] });
    throw error;
  }
  return {
    id,
    result: { ...input, dashboard_title: title, slug, owners: owners.ids, roles: roleIds },
  };
}
