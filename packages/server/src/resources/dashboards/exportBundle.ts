import JSZip from 'jszip';
import type { Kysely } from 'kysely';
import { stringify } from 'yaml';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { parseJsonObject } from '../charts/formData.ts';
import { visibleDashboard } from './access.ts';
import { currentLayout, currentMetadata } from './documents.ts';
import { chartsForExport, chartUuids, dashboardChartIds, datasetsForExport } from './repo.ts';
import { readableChartIds } from './slices.ts';

/**
 * `GET /api/v1/dashboard/export/?q=!(ids)`: a ZIP of YAML files in Superset's export layout —
 * `metadata.yaml`, `dashboards/`, `charts/` and `datasets/<database>/` — with Vitrina's Russian titles
 * added. Objects refer to each other by uuid, so an import elsewhere finds them again. Only the charts
 * the caller may read go in; datasets go in as references (their uuid, table and database), never with
 * connection details.
 */

type Db = Kysely<MetastoreSchema>;

export const EXPORT_VERSION = '1.0.0';

/** Superset's secure_filename, roughly: letters, digits, dashes and underscores. */
const fileName = (name: string, id: number) =>
  `${name.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || 'untitled'}_${id}.yaml`;

/** Folder-and-file stamp of the export, as Superset names it. */
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').slice(0, 15);

export interface ExportFile {
  name: string;
  body: Buffer;
}

async function addCharts(db: Db, zip: JSZip, root: string, chartIds: readonly number[]): Promise<number[]> {
  const datasetIds = new Set<number>();
  const charts = await chartsForExport(db, chartIds);
  for (const chart of charts) {
    datasetIds.add(chart.datasource_id);
    zip.file(
      `${root}/charts/${fileName(chart.slice_name, chart.id)}`,
      stringify({
        slice_name: chart.slice_name,
        slice_name_ru: chart.slice_name_ru,
        description: chart.description,
        certified_by: chart.certified_by,
        certification_details: chart.certification_details,
        viz_type: chart.viz_type,
        params: parseJsonObject(chart.params) ?? {},
        query_context: chart.query_context,
        cache_timeout: chart.cache_timeout,
        uuid: chart.uuid,
        version: EXPORT_VERSION,
        dataset_uuid: chart.dataset_uuid,
      }),
    );
  }
  return [...datasetIds];
}

async function addDatasets(db: Db, zip: JSZip, root: string, datasetIds: readonly number[]): Promise<void> {
  const datasets = await datasetsForExport(db, datasetIds);
  for (const dataset of datasets) {
    zip.file(
      `${root}/datasets/${dataset.database_name.replace(/[^\p{L}\p{N}_-]+/gu, '_')}/${fileName(dataset.table_name, dataset.id)}`,
      stringify({
        table_name: dataset.table_name,
        schema: dataset.schema,
        sql: dataset.sql,
        uuid: dataset.uuid,
        database_uuid: dataset.database_uuid,
        version: EXPORT_VERSION,
      }),
    );
  }
}

/** CHART nodes carry their chart's uuid, which an import maps to its own chart ids. */
function withChartUuids(layout: Record<string, unknown>, uuids: ReadonlyMap<number, string>) {
  for (const node of Object.values(layout)) {
    if (typeof node !== 'object' || node === null) continue;
    const { type, meta } = node as { type?: unknown; meta?: Record<string, unknown> };
    if (type === 'CHART' && meta && typeof meta.chartId === 'number' && uuids.has(meta.chartId)) {
      meta.uuid = uuids.get(meta.chartId);
    }
  }
  return layout;
}

export async function exportDashboards(
  db: Db,
  principal: Principal,
  ids: readonly number[],
  rbac: boolean,
  now = new Date(),
): Promise<ExportFile> {
  const dashboards = [];
  for (const id of new Set(ids)) dashboards.push(await visibleDashboard(db, principal, String(id), rbac));
  const root = `dashboard_export_${stamp(now)}`;
  const zip = new JSZip();
  zip.file(
    `${root}/metadata.yaml`,
    stringify({ version: EXPORT_VERSION, type: 'Dashboard', timestamp: now.toISOString() }),
  );
  const chartIds = new Set<number>();
  for (const dashboard of dashboards) {
    for (const id of await readableChartIds(db, principal, await dashboardChartIds(db, dashboard.id))) {
      chartIds.add(id);
    }
    const uuids = await chartUuids(db, await dashboardChartIds(db, dashboard.id));
    zip.file(
      `${root}/dashboards/${fileName(dashboard.dashboard_title, dashboard.id)}`,
      stringify({
        dashboard_title: dashboard.dashboard_title,
        dashboard_title_ru: dashboard.dashboard_title_ru,
        description: dashboard.description,
        css: dashboard.css,
        slug: dashboard.slug,
        certified_by: dashboard.certified_by,
        certification_details: dashboard.certification_details,
        published: dashboard.published === 1,
        uuid: dashboard.uuid,
        position: withChartUuids(parseJsonObject(currentLayout(dashboard.position_json)) ?? {}, uuids),
        metadata: parseJsonObject(currentMetadata(dashboard.json_metadata)) ?? {},
        version: EXPORT_VERSION,
      }),
    );
  }
  const datasetIds = await addCharts(db, zip, root, [...chartIds]);
  await addDatasets(db, zip, root, datasetIds);
  return {
    name: `${root}.zip`,
    body: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
  };
}
