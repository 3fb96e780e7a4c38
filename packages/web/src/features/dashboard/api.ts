import { useQuery } from '@tanstack/react-query';
import type { Chart, DashboardChartDto, ItemResponse } from '@vitrina/common';
import { migrateSavedFormData } from '@vitrina/common/viz/registry';
import { api } from '../../api/client.ts';
import { dashboardPaths } from '../../api/dashboardPaths.ts';
import { readEarlyOrNow } from '../../api/earlyReads.ts';

/**
 * The dashboard page's own reads: its charts, and one chart's definition for the palette. The dashboard
 * itself comes from the one useDashboard (api/dashboards.ts).
 */

export const dashboardPageKeys = {
  charts: (idOrSlug: string) => ['dashboard', 'charts', idOrSlug] as const,
};

export function useDashboardCharts(idOrSlug: string) {
  return useQuery({
    queryKey: dashboardPageKeys.charts(idOrSlug),
    queryFn: () =>
      readEarlyOrNow<{ result: DashboardChartDto[] }>(dashboardPaths.charts(idOrSlug)).then((body) =>
        body.result.map(withCurrentFormData),
      ),
  });
}

/**
 * The web's one migration of saved form data: every saved chart the dashboard brings in (its charts, a
 * chart dropped from the palette) is brought to the current version here, once, as it is loaded. Form
 * data of a type no plugin knows stays as it is (the chart shows that error).
 */
export function withCurrentFormData(chart: DashboardChartDto): DashboardChartDto {
  const migrated = migrateSavedFormData(chart.form_data);
  return migrated ? { ...chart, form_data: migrated } : chart;
}

function parseParams(params: string | null | undefined): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(params ?? '');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A saved chart as the dashboard holds it; null when its form data cannot be read. */
export function chartAsDashboardChart(chart: Chart): DashboardChartDto | null {
  const params = parseParams(chart.params);
  if (!params || typeof params.viz_type !== 'string') return null;
  return {
    id: chart.id,
    uuid: chart.uuid,
    slice_name: chart.slice_name,
    slice_name_ru: chart.slice_name_ru,
    viz_type: chart.viz_type,
    cache_timeout: chart.cache_timeout,
    changed_on: chart.changed_on,
    description: chart.description,
    form_data: { ...params, slice_id: chart.id },
    slice_url: chart.url,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
  };
}

/** The definition of a chart dropped from the palette (`GET /api/v1/chart/{id}`); throws when it has none. */
export async function fetchChartDefinition(chartId: number): Promise<DashboardChartDto> {
  const body = await api.get<ItemResponse<Chart>>(`/api/v1/chart/${chartId}`);
  const chart = chartAsDashboardChart(body.result);
  if (!chart) throw new Error(`Chart ${chartId} has no definition`);
  return withCurrentFormData(chart);
}
