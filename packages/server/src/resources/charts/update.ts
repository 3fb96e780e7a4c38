import { ForbiddenError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { Principal } from '../../security/principal.ts';
import { ownerIds } from '../datasets/create.ts';
import { unknownTagIds } from '../tagging/objectTags.ts';
import { replaceCustomTaggings } from '../tagging/repo.ts';
import { canEditChart, unknownOrForbiddenDashboards, visibleChart } from './access.ts';
import { knownVizTypes } from './chartTypes.ts';
import {
  type ChartInput,
  checkDatasource,
  checkShape,
  type FieldErrors,
  isQueryContextUpdate,
  throwIfAny,
  trimOrNull,
} from './fields.ts';
import * as repo from './repo.ts';

/**
 * `PUT /api/v1/chart/{id}`: owners and admins change any field given (a generated query context alone
 * may be stored by anyone who sees the chart). `owners` and `dashboards` replace their sets; dashboards
 * the chart joins must be ones the caller may edit, and it is placed in their layouts; dashboards it
 * leaves lose it from theirs. `tags` (custom tag ids) replaces the chart's custom tags. Everything is
 * written in one transaction.
 */
export async function updateChart(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: ChartInput,
): Promise<{ id: number; result: ChartInput }> {
  const db = ctx.metastore.db;
  checkShape(input, { creating: false, vizTypes: await knownVizTypes() });
  const chart = await visibleChart(db, principal, id);
  const queryContextOnly = isQueryContextUpdate(input);
  if (!queryContextOnly && !(await canEditChart(db, principal, chart.id))) throw new ForbiddenError();

  const errors: FieldErrors = {};
  if (input.datasource_id !== undefined) {
    if (input.datasource_type === undefined) {
      errors.datasource_type = ['Datasource type is required when datasource_id is given'];
    } else {
      await checkDatasource(
        db,
        principal,
        input.datasource_id as number,
        input.datasource_type as string,
        errors,
      );
    }
  }
  const current = await repo.dashboardIdsOf(db, chart.id);
  const wanted = input.dashboards === undefined ? current : [...new Set(input.dashboards)];
  const added = wanted.filter((dashboardId) => !current.includes(dashboardId));
  const removed = current.filter((dashboardId) => !wanted.includes(dashboardId));
  if ((await unknownOrForbiddenDashboards(db, principal, added)).length > 0) {
    errors.dashboards = ['Dashboards do not exist'];
  }
  const owners = input.owners === undefined ? null : await ownerIds(db, principal, input.owners, false);
  if (owners) Object.assign(errors, owners.errors);
  const tagIds = input.tags === undefined ? null : [...new Set(input.tags)];
  if (tagIds && (await unknownTagIds(db, principal, 'Chart', tagIds)).length > 0) {
    errors.tags = ['Some tags do not exist'];
  }
  throwIfAny(errors);

  const now = nowIso();
  const sliceName = input.slice_name === undefined ? chart.slice_name : (input.slice_name as string).trim();
  const text = (value: string | null | undefined) => (value?.trim() ? value : null);
  await db.transaction().execute(async (trx) => {
    await repo.updateSlice(trx, chart.id, {
      ...(input.slice_name !== undefined && { slice_name: sliceName }),
      ...(input.slice_name_ru !== undefined && { slice_name_ru: trimOrNull(input.slice_name_ru) }),
      ...(input.viz_type !== undefined && { viz_type: input.viz_type as string }),
      ...(input.datasource_id !== undefined && {
        datasource_id: input.datasource_id as number,
        datasource_type: 'table',
      }),
      ...(input.params !== undefined && { params: text(input.params) ?? '{}' }),
      ...(input.query_context !== undefined && { query_context: text(input.query_context) }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.cache_timeout !== undefined && { cache_timeout: input.cache_timeout }),
      ...(input.certified_by !== undefined && { certified_by: trimOrNull(input.certified_by) }),
      ...(input.certification_details !== undefined && {
        certification_details: input.certification_details,
      }),
      ...(input.is_managed_externally !== undefined && {
        is_managed_externally: input.is_managed_externally ? 1 : 0,
      }),
      ...(input.external_url !== undefined && { external_url: input.external_url }),
      // A query context the UI generated in the background is not a save by the person.
      ...(!queryContextOnly && { last_saved_at: now, last_saved_by_fk: principal.id }),
      changed_on: now,
      changed_by_fk: principal.id,
    });
    if (owners) await repo.replaceOwners(trx, chart.id, owners.ids);
    if (tagIds) await replaceCustomTaggings(trx, 'chart', chart.id, tagIds, principal.id);
    await repo.removeChartFromDashboards(trx, chart.id, removed);
    await repo.addChartToDashboards(trx, { id: chart.id, uuid: chart.uuid, sliceName }, added);
  });
  return {
    id: chart.id,
    result: {
      ...input,
      ...(input.slice_name !== undefined && { slice_name: sliceName }),
      ...(owners && { owners: owners.ids }),
      ...(input.dashboards !== undefined && { dashboards: wanted }),
      ...(tagIds && { tags: tagIds }),
    },
  };
}
