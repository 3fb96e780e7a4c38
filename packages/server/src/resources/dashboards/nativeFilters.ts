import {
  applyNativeFiltersChange,
  type NativeFiltersChange,
  parseMetadata,
  parseNativeFiltersChange,
  validateMetadata,
} from '@vitrina/common';
import type { Kysely } from 'kysely';
import { BadRequestError, HttpError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { editableDashboard, rbacEnabled } from './access.ts';
import * as repo from './repo.ts';

/**
 * `PUT /api/v1/dashboard/{id}/filters` (owners and admins): applies {modified, deleted, reordered} to
 * the stored native_filter_configuration and answers the new list. The write is a compare-and-set on
 * the json_metadata that was read, retried when another save came in between, so a concurrent change
 * to other filters or other metadata keys is never lost.
 */

type Db = Kysely<MetastoreSchema>;
const ATTEMPTS = 5;

async function applyOnce(
  db: Db,
  principal: Principal,
  dashboardId: number,
  change: NativeFiltersChange,
): Promise<unknown[] | null> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.metadataOf(trx, dashboardId);
    if (!row) throw new NotFoundError();
    const parsed = parseMetadata(row.json_metadata);
    if (!parsed.ok)
      throw new UnprocessableError(`The dashboard's json_metadata is not valid JSON: ${parsed.error}`);
    const stored = parsed.metadata.native_filter_configuration;
    const current = Array.isArray(stored) ? stored : [];
    const configuration = applyNativeFiltersChange(current, change);
    // Only the filters are judged: other keys were accepted when they were saved.
    const problems = validateMetadata({ native_filter_configuration: configuration });
    if (problems.length > 0) {
      throw new BadRequestError({
        json_metadata: problems.map((problem) => `${problem.field}: ${problem.message}`),
      });
    }
    const text = JSON.stringify({ ...parsed.metadata, native_filter_configuration: configuration });
    const loaded = row.json_metadata;
    const written = await repo.replaceMetadataIfUnchanged(trx, dashboardId, loaded, {
      json_metadata: text,
      changed_on: nowIso(),
      changed_by_fk: principal.id,
    });
    return written ? configuration : null;
  });
}

export async function updateNativeFilters(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<{ result: unknown[] }> {
  const db = ctx.metastore.db;
  const parsed = parseNativeFiltersChange(body);
  if (!parsed.ok) throw new BadRequestError(parsed.errors);
  const dashboard = await editableDashboard(db, principal, String(id), rbacEnabled(ctx));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const configuration = await applyOnce(db, principal, dashboard.id, parsed.change);
    if (configuration) return { result: configuration };
  }
  throw new HttpError(409, { message: 'The dashboard changed while saving its filters; please try again.' });
}
