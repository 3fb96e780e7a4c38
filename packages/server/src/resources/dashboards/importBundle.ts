import type { Kysely, Transaction } from 'kysely';
import { ForbiddenError } from '../../http/errors.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { canQueryDataset } from '../charts/access.ts';
import * as charts from '../charts/repo.ts';
import { canEditDashboard, DASHBOARD_FORBIDDEN } from './access.ts';
import { type NewChart, rewriteLayoutChartIds, rewriteMetadataChartIds } from './chartIdRewrite.ts';
import { chartIdsInLayout, currentLayout, currentMetadata } from './documents.ts';
import { cleanSlug } from './fields.ts';
import { type ChartConfig, type DashboardConfig, type ImportBundle, ImportError } from './importReader.ts';
import * as repo from './repo.ts';

/**
 * `POST /api/v1/dashboard/import/`: the dashboards and charts of an export, matched by uuid. Datasets
 * must exist here already (matched by uuid, and queryable by the caller for charts that are new). A
 * chart that exists is reused; a dashboard that exists is replaced only with `overwrite` and when the
 * caller may edit it. Layout and metadata are pointed at this metastore's chart ids. All or nothing.
 */

type Db = Kysely<MetastoreSchema>;
type Trx = Transaction<MetastoreSchema>;

const OVERWRITE_NEEDED = 'Dashboard already exists and `overwrite=true` was not passed';

/** Everything that would make the import fail, before anything is written. */
async function check(
  db: Db,
  principal: Principal,
  bundle: ImportBundle,
  overwrite: boolean,
): Promise<{ datasets: Map<string, number>; charts: Map<string, number>; dashboards: Map<string, number> }> {
  const problems: Record<string, string> = {};
  const datasets = await repo.idsByUuid(db, 'datasets', [
    ...new Set(bundle.charts.map((chart) => chart.dataset_uuid)),
  ]);
  const existingCharts = await repo.idsByUuid(
    db,
    'slices',
    bundle.charts.map((chart) => chart.uuid),
  );
  for (const chart of bundle.charts) {
    if (existingCharts.has(chart.uuid)) continue;
    const datasetId = datasets.get(chart.dataset_uuid);
    if (datasetId === undefined) problems[chart.file] = `Dataset ${chart.dataset_uuid} does not exist`;
    else if (!(await canQueryDataset(db, principal, datasetId)) && !principal.isAdmin) {
      problems[chart.file] = `Dataset ${chart.dataset_uuid} is not accessible`;
    }
  }
  const dashboards = await repo.idsByUuid(
    db,
    'dashboards',
    bundle.dashboards.map((d) => d.uuid),
  );
  for (const dashboard of bundle.dashboards) {
    const id = dashboards.get(dashboard.uuid);
    if (id !== undefined && !overwrite) problems[dashboard.file] = OVERWRITE_NEEDED;
    const slug = cleanSlug(dashboard.slug);
    if (slug && (await repo.slugTaken(db, slug, id))) problems[dashboard.file] = 'Slug must be unique';
  }
  if (Object.keys(problems).length > 0) throw new ImportError(problems);
  for (const id of dashboards.values()) {
    if (!(await canEditDashboard(db, principal, id))) throw new ForbiddenError(DASHBOARD_FORBIDDEN);
  }
  return { datasets, charts: existingCharts, dashboards };
}

async function insertChart(
  trx: Trx,
  principal: Principal,
  chart: ChartConfig,
  datasetId: number,
  now: string,
): Promise<number> {
  const id = await charts.insertSlice(trx, {
    uuid: chart.uuid,
    slice_name: chart.slice_name,
    slice_name_ru: chart.slice_name_ru,
    viz_type: chart.viz_type,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({ ...chart.params, datasource: `${datasetId}__table` }),
    query_context: null,
    description: chart.description,
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    is_managed_externally: 0,
    external_url: null,
    last_saved_at: now,
    last_saved_by_fk: principal.id,
    created_on: now,
    changed_on: now,
    created_by_fk: principal.id,
    changed_by_fk: principal.id,
  });
  await charts.replaceOwners(trx, id, [principal.id]);
  return id;
}

/** Old chart id → this metastore's chart, read from the CHART nodes' uuids. */
function chartMapOf(position: Record<string, unknown>, chartIdByUuid: ReadonlyMap<string, number>) {
  const map = new Map<number, NewChart>();
  for (const node of Object.values(position)) {
    if (typeof node !== 'object' || node === null) continue;
    const { type, meta } = node as { type?: unknown; meta?: { chartId?: unknown; uuid?: unknown } };
    if (type !== 'CHART' || typeof meta?.chartId !== 'number' || typeof meta.uuid !== 'string') continue;
    const id = chartIdByUuid.get(meta.uuid);
    if (id !== undefined) map.set(meta.chartId, { id, uuid: meta.uuid });
  }
  return map;
}

async function writeDashboard(
  trx: Trx,
  principal: Principal,
  dashboard: DashboardConfig,
  existingId: number | undefined,
  chartIdByUuid: ReadonlyMap<string, number>,
  now: string,
): Promise<void> {
  const positionText = currentLayout(JSON.stringify(dashboard.position));
  const chartMap = chartMapOf(JSON.parse(positionText ?? '{}'), chartIdByUuid);
  const position = rewriteLayoutChartIds(positionText, chartMap);
  const fields = {
    dashboard_title: dashboard.dashboard_title,
    dashboard_title_ru: dashboard.dashboard_title_ru,
    slug: cleanSlug(dashboard.slug),
    position_json: position,
    json_metadata: rewriteMetadataChartIds(currentMetadata(JSON.stringify(dashboard.metadata)), chartMap),
    css: dashboard.css,
    description: dashboard.description,
    published: dashboard.published ? 1 : 0,
    certified_by: dashboard.certified_by,
    certification_details: dashboard.certification_details,
    changed_on: now,
    changed_by_fk: principal.id,
  };
  let id = existingId;
  if (id === undefined) {
    id = await repo.insertDashboard(trx, {
      ...fields,
      uuid: dashboard.uuid,
      is_managed_externally: 0,
      external_url: null,
      created_on: now,
      created_by_fk: principal.id,
    });
    await repo.replaceOwners(trx, id, [principal.id]);
  } else {
    await repo.updateDashboardRow(trx, id, fields);
  }
  const known = new Set(chartIdByUuid.values());
  const chartIds = chartIdsInLayout(position).filter((chartId) => known.has(chartId));
  await repo.replaceCharts(trx, id, chartIds);
}

export async function importDashboards(
  db: Db,
  principal: Principal,
  bundle: ImportBundle,
  overwrite: boolean,
): Promise<void> {
  const found = await check(db, principal, bundle, overwrite);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const chartIdByUuid = new Map(found.charts);
    for (const chart of bundle.charts) {
      if (chartIdByUuid.has(chart.uuid)) continue;
      const datasetId = found.datasets.get(chart.dataset_uuid)!;
      chartIdByUuid.set(chart.uuid, await insertChart(trx, principal, chart, datasetId, now));
    }
    for (const dashboard of bundle.dashboards) {
      await writeDashboard(
        trx,
        principal,
        dashboard,
        found.dashboards.get(dashboard.uuid),
        chartIdByUuid,
        now,
      );
    }
  });
}
