import type { ListQuery, ReportExecutionLog } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotFoundError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleReport } from './access.ts';
import * as repo from './repo.ts';

/** A schedule's execution log (Superset's ReportExecutionLogRestApi): readable by whoever sees the schedule. */

type Db = Kysely<MetastoreSchema>;

export async function listExecutionLogs(
  db: Db,
  principal: Principal,
  reportId: number,
  query: ListQuery,
): Promise<ListResult> {
  await visibleReport(db, principal, reportId);
  return runList(db, repo.executionLogBase(db, reportId), repo.executionLogList, query);
}

export async function getExecutionLog(
  db: Db,
  principal: Principal,
  reportId: number,
  logId: number,
): Promise<ReportExecutionLog> {
  await visibleReport(db, principal, reportId);
  const log = await repo.findExecutionLog(db, reportId, logId);
  if (!log) throw new NotFoundError();
  return log;
}
