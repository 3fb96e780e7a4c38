import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { canAccessAllData } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * Who sees and who changes a schedule, as Superset's ReportScheduleFilter and its ownership check:
 * whoever may read all data (Admin, Alpha) sees every schedule; anyone else sees the ones they own or
 * created, and others' answer 404. Only an owner or an admin changes or deletes one (403 otherwise).
 */

/** Superset's ReportScheduleForbiddenError. */
export const REPORT_FORBIDDEN = 'Changing this report is forbidden';

/** A where-condition over report_schedule (alias `r`): the schedules the caller sees. */
export function reportVisibleCondition(principal: Principal): Expression<SqlBool> {
  if (canAccessAllData(principal)) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(r.created_by_fk = ${principal.id} or r.id in (select vo.report_schedule_id from report_schedule_user vo where vo.user_id = ${principal.id}))`;
}

/** The schedule as the show endpoint reads it, when the caller sees it; 404 otherwise. */
export async function visibleReport(db: Db, principal: Principal, id: number): Promise<repo.ReportDetailRow> {
  const report = await repo.findReport(db, reportVisibleCondition(principal), id);
  if (!report) throw new NotFoundError();
  return report;
}

export async function canEditReport(db: Db, principal: Principal, id: number): Promise<boolean> {
  return principal.isAdmin || repo.isOwner(db, id, principal.id);
}

/** The schedule when the caller sees it (404) and owns it or is an admin (403). */
export async function editableReport(
  db: Db,
  principal: Principal,
  id: number,
): Promise<repo.ReportDetailRow> {
  const report = await visibleReport(db, principal, id);
  if (!(await canEditReport(db, principal, id))) throw new ForbiddenError(REPORT_FORBIDDEN);
  return report;
}
