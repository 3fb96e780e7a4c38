import type { ExploreDataset } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { migrateFormData } from '../../flows/chartData/chartRegistry.ts';
import { NotFoundError } from '../../http/errors.ts';
import { humanizeSince } from '../../http/humanize.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { storedFormData } from '../charts/formData.ts';
import * as charts from '../charts/repo.ts';
import {
  accessibleDatasetOrMissing,
  checkChartAccess,
  ExploreDatasetAccessError,
  parseDatasourceKey,
} from './access.ts';
import { exploreDataset, missingDataset } from './dataset.ts';
import { readExplorePermalink } from './permalink.ts';

/**
 * `GET /api/v1/explore/` (Superset's GetExploreCommand): everything explore opens with — the form data
 * (from a permalink, a saved chart or a dataset, upgraded by its chart type), the dataset, the saved
 * chart and a message when something had to be replaced.
 */

type Db = Kysely<MetastoreSchema>;

export interface ExploreParams {
  slice_id?: number;
  datasource_id?: number;
  datasource_type?: string;
  permalink_key?: string;
  form_data_key?: string;
}

export interface ExploreResult {
  form_data: Record<string, unknown>;
  dataset: ExploreDataset;
  slice: Record<string, unknown> | null;
  message: string | null;
  metadata: Record<string, unknown> | null;
}

const DATASET_TYPES = new Set(['table', 'dataset', 'view']);
const DATASET_GONE = 'The dataset associated with this chart no longer exists';

const fullName = (user: { first_name: string; last_name: string } | null) =>
  user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : null;

async function presentSlice(db: Db, chart: charts.SliceRow, formData: Record<string, unknown>) {
  return {
    slice_id: chart.id,
    slice_name: chart.slice_name,
    slice_name_ru: chart.slice_name_ru,
    form_data: formData,
    query_context: chart.query_context,
    owners: await charts.ownerIdsOf(db, chart.id),
    dashboards: await charts.dashboardIdsOf(db, chart.id),
    changed_on: chart.changed_on,
    changed_on_humanized: humanizeSince(chart.changed_on),
    description: chart.description,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    cache_timeout: chart.cache_timeout,
    is_managed_externally: chart.is_managed_externally === 1,
    slice_url: `/explore/?slice_id=${chart.id}`,
    edit_url: `/chart/edit/${chart.id}`,
    datasource: `${chart.datasource_id}__${chart.datasource_type}`,
  };
}

/** Superset's explore metadata: who made and changed the chart, and where it is used. */
async function chartMetadata(db: Db, chart: charts.SliceRow): Promise<Record<string, unknown>> {
  const owners = (await charts.ownersBySlice(db, [chart.id])).get(chart.id) ?? [];
  const dashboards = (await charts.dashboardsBySlice(db, [chart.id])).get(chart.id) ?? [];
  const createdBy = fullName(await charts.userRef(db, chart.created_by_fk));
  const changedBy = fullName(await charts.userRef(db, chart.changed_by_fk));
  return {
    created_on_humanized: humanizeSince(chart.created_on),
    changed_on_humanized: humanizeSince(chart.changed_on),
    owners: owners.map(fullName),
    dashboards: dashboards.map(({ id, dashboard_title, dashboard_title_ru }) => ({
      id,
      dashboard_title,
      dashboard_title_ru,
    })),
    ...(createdBy && { created_by: createdBy }),
    ...(changedBy && { changed_by: changedBy }),
  };
}

async function initialFormData(
  db: Db,
  params: ExploreParams,
): Promise<{ formData: Record<string, unknown>; message: string | null }> {
  if (params.permalink_key !== undefined) {
    const permalink = await readExplorePermalink(db, params.permalink_key);
    if (!permalink) throw new NotFoundError();
    const formData = { ...permalink.state.formData };
    const urlParams = permalink.state.urlParams;
    if (urlParams && urlParams.length > 0) formData.url_params = Object.fromEntries(urlParams);
    return { formData, message: null };
  }
  // Form data kept for an explore tab expires; when it is gone explore starts from the saved state.
  let message: string | null = null;
  if (params.slice_id) {
    if (params.form_data_key) message = 'Form data not found in cache, reverting to chart metadata.';
    return { formData: { slice_id: params.slice_id }, message };
  }
  if (params.datasource_id) {
    if (params.form_data_key) message = 'Form data not found in cache, reverting to dataset metadata.';
    return {
      formData: { datasource: `${params.datasource_id}__${params.datasource_type ?? 'table'}` },
      message,
    };
  }
  return { formData: {}, message };
}

export async function getExplore(
  db: Db,
  principal: Principal,
  params: ExploreParams,
): Promise<ExploreResult> {
  const initial = await initialFormData(db, params);
  let message = initial.message;
  const sliceId = Number(initial.formData.slice_id ?? params.slice_id ?? 0);
  let chart: charts.SliceRow | undefined;
  if (Number.isSafeInteger(sliceId) && sliceId > 0) {
    chart = await charts.findSlice(db, sliceId);
    if (!chart) throw new NotFoundError('Chart not found.');
    await checkChartAccess(db, principal, chart.id);
  }
  const saved = chart ? storedFormData(chart) : {};
  const merged: Record<string, unknown> = { ...saved, ...initial.formData };

  const datasource =
    parseDatasourceKey(merged.datasource) ??
    (params.datasource_id ? { id: params.datasource_id, type: params.datasource_type ?? 'table' } : null);
  const row =
    datasource && DATASET_TYPES.has(datasource.type)
      ? await accessibleDatasetOrMissing(
          db,
          principal,
          datasource.id,
          (dataset) => new ExploreDatasetAccessError(dataset),
        )
      : undefined;
  const type = datasource?.type ?? 'table';
  let dataset: ExploreDataset;
  if (row) {
    dataset = await exploreDataset(db, row);
  } else {
    dataset = missingDataset(datasource?.id ?? null, type);
    if (datasource) message ??= DATASET_GONE;
  }
  if (datasource) merged.datasource = `${datasource.id}__${type}`;

  return {
    form_data: await migrateFormData(merged),
    dataset,
    slice: chart ? await presentSlice(db, chart, await migrateFormData(saved)) : null,
    message,
    metadata: chart ? await chartMetadata(db, chart) : null,
  };
}
