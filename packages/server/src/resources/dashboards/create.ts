import { randomUUID } from 'node:crypto';
import { BadRequestError, UnprocessableError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import type { Principal } from '../../security/principal.ts';
import { parseJsonObject } from '../charts/formData.ts';
import { ownerIds } from '../datasets/create.ts';
import * as repo from './repo.ts';

/** `POST /api/v1/dashboard/`: a new dashboard owned by its creator (and the owners named). */

type FieldErrors = Record<string, string[]>;

export interface DashboardInput {
  dashboard_title?: string | null;
  dashboard_title_ru?: string | null;
  slug?: string | null;
  owners?: number[];
  roles?: number[];
  position_json?: string | null;
  json_metadata?: string | null;
  css?: string | null;
  published?: boolean | null;
  certified_by?: string | null;
  certification_details?: string | null;
  is_managed_externally?: boolean | null;
  external_url?: string | null;
}

const TITLE_MAX = 500;
const SLUG_MAX = 255;

/** Superset's slug clean-up: trimmed, spaces become dashes, other characters than word ones dropped. */
export function cleanSlug(slug: string | null | undefined): string | null {
  if (!slug) return null;
  const cleaned = slug
    .trim()
    .replace(/ /g, '-')
    .replace(/[^\p{L}\p{N}_-]+/gu, '');
  return cleaned === '' ? null : cleaned;
}

function jsonError(text: string | null | undefined, object: boolean): string | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  try {
    JSON.parse(text);
  } catch {
    return 'JSON not valid';
  }
  return object && !parseJsonObject(text) ? 'Must be a JSON object' : null;
}

function checkShape(input: DashboardInput, slug: string | null): void {
  const errors: FieldErrors = {};
  if ((input.dashboard_title?.length ?? 0) > TITLE_MAX) {
    errors.dashboard_title = [`Length must be between 0 and ${TITLE_MAX}.`];
  }
  if ((input.dashboard_title_ru?.length ?? 0) > TITLE_MAX) {
    errors.dashboard_title_ru = [`Length must be between 0 and ${TITLE_MAX}.`];
  }
  if (slug !== null && slug.length > SLUG_MAX) errors.slug = [`Length must be between 1 and ${SLUG_MAX}.`];
  const position = jsonError(input.position_json, false);
  if (position) errors.position_json = [position];
  const metadata = jsonError(input.json_metadata, true);
  if (metadata) errors.json_metadata = [metadata];
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

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
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);

  const now = nowIso();
  const title = input.dashboard_title?.trim() ?? '';
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const dashboardId = await repo.insertDashboard(trx, {
        uuid: randomUUID(),
        dashboard_title: title,
        dashboard_title_ru: blankToNull(input.dashboard_title_ru)?.trim() ?? null,
        slug,
        position_json: blankToNull(input.position_json),
        json_metadata: blankToNull(input.json_metadata),
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
