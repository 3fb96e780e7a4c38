import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { Principal } from '../../security/principal.ts';
import { ownerIds } from '../datasets/create.ts';
import { unknownOrForbiddenDashboards } from './access.ts';
import { knownVizTypes } from './chartTypes.ts';
import {
  type ChartInput,
  checkDatasource,
  checkShape,
  type FieldErrors,
  throwIfAny,
  trimOrNull,
} from './fields.ts';
import * as repo from './repo.ts';

/**
 * `POST /api/v1/chart/`: a chart over a dataset the caller may query, owned by the caller (and the
 * owners named), put on the dashboards named — each must be one the caller may edit. The chart, its
 * owners, its dashboard links and the dashboards' layouts are written in one transaction.
 */
export async function createChart(
  ctx: AppContext,
  principal: Principal,
  input: ChartInput,
): Promise<{ id: number; result: ChartInput }> {
  const db = ctx.metastore.db;
  checkShape(input, { creating: true, vizTypes: await knownVizTypes() });
  const datasourceId = input.datasource_id as number;
  const errors: FieldErrors = {};
  await checkDatasource(db, principal, datasourceId, input.datasource_type as string, errors);
  const dashboardIds = [...new Set(input.dashboards ?? [])];
  if ((await unknownOrForbiddenDashboards(db, principal, dashboardIds)).length > 0) {
    errors.dashboards = ['Dashboards do not exist'];
  }
  const owners = await ownerIds(db, principal, input.owners, true);
  Object.assign(errors, owners.errors);
  throwIfAny(errors);

  const now = nowIso();
  const sliceName = (input.slice_name as string).trim();
  const uuid = randomUUID();
  const id = await db.transaction().execute(async (trx) => {
    const chartId = await repo.insertSlice(trx, {
      uuid,
      slice_name: sliceName,
      slice_name_ru: trimOrNull(input.slice_name_ru),
      viz_type: input.viz_type as string,
      datasource_id: datasourceId,
      datasource_type: 'table',
      params: input.params?.trim() ? input.params : '{}',
      query_context: input.query_context?.trim() ? input.query_context : null,
      description: input.description ?? null,
      cache_timeout: input.cache_timeout ?? null,
      certified_by: trimOrNull(input.certified_by),
      certification_details: input.certification_details ?? null,
      is_managed_externally: input.is_managed_externally ? 1 : 0,
      external_url: input.external_url ?? null,
      last_saved_at: now,
      last_saved_by_fk: principal.id,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    await repo.replaceOwners(trx, chartId, owners.ids);
    await repo.addChartToDashboards(trx, { id: chartId, uuid, sliceName }, dashboardIds);
    return chartId;
  });
  return { id, result: { ...input, slice_name: sliceName, owners: owners.ids, dashboards: dashboardIds } };
}
