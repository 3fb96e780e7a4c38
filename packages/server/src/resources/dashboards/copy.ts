import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ForbiddenError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import * as charts from '../charts/repo.ts';
import { rbacEnabled, visibleDashboard } from './access.ts';
import { type NewChart, rewriteLayoutChartIds, rewriteMetadataChartIds } from './chartIdRewrite.ts';
import { currentLayout, currentMetadata } from './documents.ts';
import { blankToNull, checkShape, trimmedOrNull } from './fields.ts';
import * as repo from './repo.ts';
import { readableChartIds } from './slices.ts';
import { epochSeconds } from './update.ts';

/**
 * `POST /api/v1/dashboard/{id_or_slug}/copy/` (Superset's DashboardDAO.copy_dashboard): a new draft
 * dashboard owned by the caller, with the original's layout and charts. With duplicate_slices the
 * charts the caller may read are copied too (owned by the caller) and the copy's layout and metadata
 * name the new charts; charts the caller may not read stay shared with the original.
 */

export interface CopyInput {
  dashboard_title?: string | null;
  dashboard_title_ru?: string | null;
  css?: string | null;
  json_metadata: string;
  duplicate_slices?: boolean;
}

type Trx = Transaction<MetastoreSchema>;

async function duplicateCharts(
  trx: Trx,
  principal: Principal,
  ids: readonly number[],
  now: string,
): Promise<Map<number, NewChart>> {
  const copies = new Map<number, NewChart>();
  for (const id of ids) {
    const chart = await charts.findSlice(trx, id);
    if (!chart) continue;
    const { id: _old, uuid: _oldUuid, ...fields } = chart;
    const uuid = randomUUID();
    const newId = await charts.insertSlice(trx, {
      ...fields,
      uuid,
      is_managed_externally: 0,
      external_url: null,
      last_saved_at: now,
      last_saved_by_fk: principal.id,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    await charts.replaceOwners(trx, newId, [principal.id]);
    copies.set(id, { id: newId, uuid });
  }
  return copies;
}

export async function copyDashboard(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: string,
  input: CopyInput,
): Promise<{ result: { id: number; last_modified_time: number } }> {
  const db = ctx.metastore.db;
  checkShape(input, null);
  const original = await visibleDashboard(db, principal, idOrSlug, rbacEnabled(ctx));
  // Duplicated charts are new charts: that takes the right to create charts.
  if (input.duplicate_slices && !hasPermission(principal, 'can_write', 'Chart')) throw new ForbiddenError();
  const chartIds = await repo.dashboardChartIds(db, original.id);
  const toDuplicate = input.duplicate_slices ? await readableChartIds(db, principal, chartIds) : [];
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const copies = await duplicateCharts(trx, principal, toDuplicate, now);
    const dashboardId = await repo.insertDashboard(trx, {
      uuid: randomUUID(),
      dashboard_title: input.dashboard_title?.trim() || original.dashboard_title,
      dashboard_title_ru:
        input.dashboard_title_ru === undefined
          ? original.dashboard_title_ru
          : trimmedOrNull(input.dashboard_title_ru),
      slug: null,
      position_json: rewriteLayoutChartIds(currentLayout(original.position_json), copies),
      json_metadata: rewriteMetadataChartIds(currentMetadata(blankToNull(input.json_metadata)), copies),
      css: input.css === undefined ? original.css : input.css,
      description: original.description,
      published: 0,
      certified_by: null,
      certification_details: null,
      is_managed_externally: 0,
      external_url: null,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    await repo.replaceOwners(trx, dashboardId, [principal.id]);
    const linked = chartIds.map((chartId) => copies.get(chartId)?.id ?? chartId);
    await repo.linkCharts(trx, dashboardId, linked);
    return dashboardId;
  });
  return { result: { id, last_modified_time: epochSeconds(now) } };
}
