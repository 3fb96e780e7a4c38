import { associatedReportsMessage } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { ForbiddenError, UnprocessableError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { canEditChart, visibleChart } from './access.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * Deletes every listed chart or none: each must exist for the caller (404) and be theirs to change
 * (403) before anything is removed; then the charts, their owners, dashboard links, places in the
 * dashboards' layouts and everyone's stars go in one transaction. A chart an alert or a report uses
 * stays (422 naming them), as in Superset.
 */
export async function deleteCharts(db: Db, principal: Principal, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const chart = await visibleChart(db, principal, id);
    if (!(await canEditChart(db, principal, chart.id))) throw new ForbiddenError();
  }
  const reports = await repo.reportNamesUsingCharts(db, unique);
  if (reports.length > 0) throw new UnprocessableError(associatedReportsMessage(reports));
  await db.transaction().execute(async (trx) => {
    for (const id of unique)
      await repo.removeChartFromDashboards(trx, id, await repo.dashboardIdsOf(trx, id));
    await repo.deleteSlices(trx, unique);
  });
  return unique.length;
}
