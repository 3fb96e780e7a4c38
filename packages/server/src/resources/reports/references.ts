import { dashboardStateProblems } from '@vitrina/common/reports/dashboardExtra';
import { ForbiddenError, HttpError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { canAccessDatabase } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleChart } from '../charts/access.ts';
import { rbacEnabled, visibleDashboard } from '../dashboards/access.ts';
import { findDatabase } from '../databases/repo.ts';
import {
  CHART_MISSING,
  DASHBOARD_MISSING,
  DATABASE_MISSING,
  type FieldErrors,
  nameTakenMessage,
  type ReportDraft,
} from './fields.ts';
import * as repo from './repo.ts';

/**
 * The checks of what a schedule refers to. A chart or dashboard must be one the caller may read (one
 * they may not read answers as missing, so a schedule cannot probe for it); an alert's SQL runs on its
 * database, so setting the database or the SQL needs access to the whole database (403 otherwise).
 */

export const DATABASE_FORBIDDEN = "You don't have access to this database.";

/** Superset's ReportScheduleCreationMethodUniquenessValidationError (409). */
export class ReportAlreadyAttachedError extends HttpError {
  constructor() {
    super(409, { message: 'Resource already has an attached report.' });
  }
}

/** Which references a write changes, so an edit re-checks only what it sends. */
export interface Changed {
  name: boolean;
  chart: boolean;
  dashboard: boolean;
  database: boolean;
  /** The dashboard state in `extra` (its tabs and native filters). */
  extra: boolean;
}

export async function referenceProblems(
  ctx: AppContext,
  principal: Principal,
  draft: ReportDraft,
  changed: Changed,
  exceptId?: number,
): Promise<FieldErrors> {
  const db = ctx.metastore.db;
  const errors: FieldErrors = {};
  if (changed.name && (await repo.nameTaken(db, draft.type!, draft.name!, exceptId))) {
    errors.name = [nameTakenMessage(draft.type!, draft.name!)];
  }
  if (
    changed.chart &&
    draft.chart !== null &&
    !(await readable(() => visibleChart(db, principal, draft.chart!)))
  ) {
    errors.chart = [...(errors.chart ?? []), CHART_MISSING];
  }
  if (
    changed.dashboard &&
    draft.dashboard !== null &&
    !(await readable(() => visibleDashboard(db, principal, String(draft.dashboard), rbacEnabled(ctx))))
  ) {
    errors.dashboard = [...(errors.dashboard ?? []), DASHBOARD_MISSING];
  }
  if ((changed.extra || changed.dashboard) && draft.dashboard !== null && errors.dashboard === undefined) {
    const documents = await repo.dashboardDocuments(db, draft.dashboard);
    const problems = documents ? dashboardStateProblems(draft.extra, documents) : [];
    if (problems.length > 0) errors.extra = problems;
  }
  if (changed.database && draft.type === 'Alert' && draft.database !== null) {
    if (!(await findDatabase(db, draft.database))) errors.database = [DATABASE_MISSING];
  }
  return errors;
}

/** After the field checks pass: the caller may run the alert's SQL on its database. */
export async function checkDatabaseAccess(
  ctx: AppContext,
  principal: Principal,
  draft: ReportDraft,
): Promise<void> {
  if (draft.type !== 'Alert' || draft.database === null) return;
  const database = await findDatabase(ctx.metastore.db, draft.database);
  if (database && !canAccessDatabase(principal, database)) throw new ForbiddenError(DATABASE_FORBIDDEN);
}

/** Superset keeps one report per person on a chart or dashboard made from its header. */
export async function checkOnePerTarget(
  ctx: AppContext,
  principal: Principal,
  draft: ReportDraft,
): Promise<void> {
  if (draft.creation_method === 'alerts_reports') return;
  const target = { chartId: draft.chart, dashboardId: draft.dashboard };
  if (await repo.hasReportOn(ctx.metastore.db, principal.id, target)) throw new ReportAlreadyAttachedError();
}

async function readable(load: () => Promise<unknown>): Promise<boolean> {
  try {
    await load();
    return true;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)) return false;
    throw error;
  }
}
