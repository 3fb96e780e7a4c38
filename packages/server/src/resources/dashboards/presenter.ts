import type { DashboardChartDto, DashboardDto } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { type ThumbnailViewer, thumbnailUrlFor } from '../../flows/thumbnails/digest.ts';
import { humanizeSince } from '../../http/humanize.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { parseJsonObject } from '../charts/formData.ts';
import { userRef } from '../charts/repo.ts';
import { tagsOf } from '../tagging/repo.ts';
import { currentLayout, currentMetadata } from './documents.ts';
import { dashboardUrl } from './list.ts';
import {
  chartsOfDashboard,
  chartsStamp,
  type DashboardChartRow,
  type DashboardRow,
  ownersByDashboard,
  rolesByDashboard,
  sliceNamesOf,
} from './repo.ts';

/** Dashboard rows → Superset's show payload and its charts list, with Vitrina's Russian titles. */

type Db = Kysely<MetastoreSchema>;

const fullName = (user: { first_name: string; last_name: string } | null) =>
  user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '';

export async function presentDashboard(
  db: Db,
  dashboard: DashboardRow,
  thumbnails: ThumbnailViewer,
): Promise<DashboardDto> {
  const changedBy = await userRef(db, dashboard.changed_by_fk);
  return {
    id: dashboard.id,
    uuid: dashboard.uuid,
    slug: dashboard.slug,
    url: dashboardUrl(dashboard),
    dashboard_title: dashboard.dashboard_title,
    dashboard_title_ru: dashboard.dashboard_title_ru,
    thumbnail_url: thumbnails
      ? thumbnailUrlFor(thumbnails, 'dashboard', {
          ...dashboard,
          charts_stamp: await chartsStamp(db, dashboard.id),
        })
      : null,
    published: dashboard.published === 1,
    css: dashboard.css,
    json_metadata: currentMetadata(dashboard.json_metadata),
    position_json: currentLayout(dashboard.position_json),
    certified_by: dashboard.certified_by,
    certification_details: dashboard.certification_details,
    changed_by_name: fullName(changedBy),
    changed_by: changedBy,
    changed_on: dashboard.changed_on,
    changed_on_delta_humanized: humanizeSince(dashboard.changed_on),
    created_by: await userRef(db, dashboard.created_by_fk),
    created_on_delta_humanized: humanizeSince(dashboard.created_on),
    charts: await sliceNamesOf(db, dashboard.id),
    owners: (await ownersByDashboard(db, [dashboard.id])).get(dashboard.id) ?? [],
    roles: (await rolesByDashboard(db, [dashboard.id])).get(dashboard.id) ?? [],
    tags: await tagsOf(db, 'dashboard', dashboard.id),
    is_managed_externally: dashboard.is_managed_externally === 1,
  };
}

/**
 * A dashboard chart's form data as saved (before migration): what the page is given and what the server
 * builds the chart's dashboard query from, so both build the same query.
 */
export function dashboardChartFormData(
  chart: Pick<DashboardChartRow, 'id' | 'params' | 'viz_type' | 'datasource_id' | 'datasource_type'>,
): Record<string, unknown> {
  return {
    ...(parseJsonObject(chart.params) ?? {}),
    slice_id: chart.id,
    viz_type: chart.viz_type,
    datasource: `${chart.datasource_id}__${chart.datasource_type}`,
  };
}

/** `GET /api/v1/dashboard/{id_or_slug}/charts`: each chart with its form data. */
export async function presentDashboardCharts(db: Db, dashboardId: number): Promise<DashboardChartDto[]> {
  const charts = await chartsOfDashboard(db, dashboardId);
  return charts.map((chart) => ({
    id: chart.id,
    uuid: chart.uuid,
    slice_name: chart.slice_name,
    slice_name_ru: chart.slice_name_ru,
    viz_type: chart.viz_type,
    cache_timeout: chart.cache_timeout,
    changed_on: chart.changed_on,
    description: chart.description,
    form_data: dashboardChartFormData(chart),
    slice_url: `/explore/?slice_id=${chart.id}`,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
  }));
}
