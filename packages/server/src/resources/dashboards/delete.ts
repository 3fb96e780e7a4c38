import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { editableDashboard } from './access.ts';
import { deleteDashboardRows } from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * Deletes every listed dashboard or none: each must exist for the caller (404) and be theirs to change
 * (403) before anything is removed; then the dashboards, their chart links, owners, roles and everyone's
 * stars go in one transaction. The charts themselves stay.
 */
export async function deleteDashboards(
  db: Db,
  principal: Principal,
  ids: readonly number[],
  rbac: boolean,
): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) await editableDashboard(db, principal, String(id), rbac);
  await db.transaction().execute((trx) => deleteDashboardRows(trx, unique));
  return unique.length;
}
