import {
  type DashboardChartDto,
  type DashboardDto,
  type DashboardMetadata,
  parseLayout,
} from '@vitrina/common';
import type { DashboardSessionAction } from './state/types.ts';

/** json_metadata text as an object; anything unreadable counts as no metadata. */
export function parseMetadata(json: string | null): DashboardMetadata {
  try {
    const value: unknown = JSON.parse(json ?? '');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as DashboardMetadata) : {};
  } catch {
    return {};
  }
}

/** The session's `load` action for a dashboard as the API answered it. */
export function loadAction(
  dashboard: DashboardDto,
  charts: readonly DashboardChartDto[],
): Extract<DashboardSessionAction, { type: 'load' }> {
  return {
    type: 'load',
    layout: parseLayout(
      dashboard.position_json,
      charts.map((chart) => ({ id: chart.id, slice_name: chart.slice_name, uuid: chart.uuid })),
      { dashboardTitle: dashboard.dashboard_title },
    ),
    css: dashboard.css ?? '',
    metadata: parseMetadata(dashboard.json_metadata),
    title: dashboard.dashboard_title,
    titleRu: dashboard.dashboard_title_ru ?? '',
    properties: {
      slug: dashboard.slug,
      owners: dashboard.owners,
      roles: dashboard.roles,
      certifiedBy: dashboard.certified_by,
      certificationDetails: dashboard.certification_details,
    },
  };
}
