import { associatedReportsMessage } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { UnprocessableError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { editableDashboard } from './access.ts';
import { deleteDashboardRows, reportNamesUsingDashboards } from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * Deletes every listed dashboard or none: each must exist for the caller (404) and be theirs to change
 * (403) before anything is removed; then the dashboards, their chart links, owners, roles and everyone's
 * stars go in one transaction. The charts themselves stay. A dashboard an alert or a report uses
 * stays too (422 naming them), as in Superset.
 */
export async function deleteDashboards(
  db: Db,
  principal: Principal,
  ids: readonly number[],
  rbac: boolean,
): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) await editableDashboard(db, principal, String(id), rbac);
  const reports = await reportNamesUsingDashboards(db, unique);
  if (reports.length > 0) throw new UnprocessableError(associatedReportsMessage(reports));
  await db.transaction().execute((trx) => deleteDashboardRows(trx, unique));
  return unique.length;
}
