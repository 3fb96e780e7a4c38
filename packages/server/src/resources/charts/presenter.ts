import type { Chart } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { type ThumbnailViewer, thumbnailUrlFor } from '../../flows/thumbnails/digest.ts';
import { humanizeSince } from '../../http/humanize.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { findDatasetRow } from '../datasets/repo.ts';
import { tagsOf } from '../tagging/repo.ts';
import { dashboardsBySlice, ownersBySlice, type SliceRow } from './repo.ts';

/** A chart row → the show payload (Superset's ChartGetResponseSchema with Vitrina's Russian name). */

type Db = Kysely<MetastoreSchema>;

export type ChartShow = Chart & { external_url: string | null; datasource_name_text: string | null };

export async function presentChart(db: Db, chart: SliceRow, thumbnails: ThumbnailViewer): Promise<ChartShow> {
  const dataset =
    chart.datasource_type === 'table' ? await findDatasetRow(db, chart.datasource_id) : undefined;
  return {
    id: chart.id,
    uuid: chart.uuid,
    slice_name: chart.slice_name,
    slice_name_ru: chart.slice_name_ru,
    viz_type: chart.viz_type,
    description: chart.description,
    params: chart.params,
    query_context: chart.query_context,
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    is_managed_externally: chart.is_managed_externally === 1,
    external_url: chart.external_url,
    datasource_id: chart.datasource_id,
    datasource_type: chart.datasource_type,
    datasource_name_text: dataset
      ? dataset.schema
        ? `${dataset.schema}.${dataset.table_name}`
        : dataset.table_name
      : null,
    url: `/explore/?slice_id=${chart.id}`,
    thumbnail_url: thumbnailUrlFor(thumbnails, 'chart', chart),
    changed_on: chart.changed_on,
    changed_on_delta_humanized: humanizeSince(chart.changed_on),
    owners: (await ownersBySlice(db, [chart.id])).get(chart.id) ?? [],
    dashboards: (await dashboardsBySlice(db, [chart.id])).get(chart.id) ?? [],
    tags: await tagsOf(db, 'chart', chart.id),
  };
}

/** Every field `GET /api/v1/chart/{id}?q=(columns:…)` may ask for (FAB's show_columns). */
export const SHOW_COLUMNS: readonly string[] = [
  'id',
  'uuid',
  'slice_name',
  'slice_name_ru',
  'viz_type',
  'description',
  'params',
  'query_context',
  'cache_timeout',
  'certified_by',
  'certification_details',
  'is_managed_externally',
  'external_url',
  'datasource_id',
  'datasource_type',
  'datasource_name_text',
  'url',
  'thumbnail_url',
  'changed_on',
  'changed_on_delta_humanized',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'dashboards.id',
  'dashboards.dashboard_title',
  'dashboards.dashboard_title_ru',
  'dashboards.json_metadata',
  'tags.id',
  'tags.name',
  'tags.type',
];
