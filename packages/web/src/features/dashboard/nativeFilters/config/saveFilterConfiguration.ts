import type { DashboardDto } from '@vitrina/common';
import type { FilterConfigItem } from '@vitrina/common/filters/types';
import { fetchDashboard, putDashboard } from '../../actions/dashboardApi.ts';
import { parseMetadata } from '../../loadSession.ts';

/**
 * Stores the filters in the dashboard's json_metadata (`PUT /api/v1/dashboard/{id}`), keeping every
 * other key as saved, and answers the dashboard as stored.
 */
export async function saveFilterConfiguration(
  dashboard: Pick<DashboardDto, 'id' | 'json_metadata'>,
  items: FilterConfigItem[],
): Promise<DashboardDto> {
  const metadata = { ...parseMetadata(dashboard.json_metadata), native_filter_configuration: items };
  await putDashboard(dashboard.id, { json_metadata: JSON.stringify(metadata) });
  return fetchDashboard(dashboard.id);
}
