import type { DashboardDto, DashboardPropertiesBody, DashboardPutResponse } from '@vitrina/common';
import { ApiError, api } from '../../../api/client.ts';

/** The dashboard writes of the header and its menu (superset-api.md §4.2, spec §7 Dashboards). */
const DASHBOARD_PATH = '/api/v1/dashboard/';

export function setPublished(id: number, published: boolean): Promise<DashboardPutResponse> {
  return api.put<DashboardPutResponse>(`${DASHBOARD_PATH}${id}`, { published });
}

/** `PUT /api/v1/dashboard/{id}` with the properties body (a stale one is refused with 409). */
export function putDashboard(id: number, body: DashboardPropertiesBody): Promise<DashboardPutResponse> {
  return api.put<DashboardPutResponse>(`${DASHBOARD_PATH}${id}`, body);
}

export interface CopyDashboardBody {
  dashboard_title: string;
  dashboard_title_ru: string | null;
  css: string;
  duplicate_slices: boolean;
  json_metadata: string;
}

/** `POST /api/v1/dashboard/{id}/copy/`: the new dashboard's id. */
export function copyDashboard(id: number, body: CopyDashboardBody): Promise<number> {
  return api
    .post<{ result: { id: number; last_modified_time: number } }>(`${DASHBOARD_PATH}${id}/copy/`, body)
    .then((answer) => answer.result.id);
}

export { ApiError };

/** `GET /api/v1/dashboard/{id}`: the stored dashboard, e.g. its new `changed_on` after a write. */
export function fetchDashboard(id: number): Promise<DashboardDto> {
  return api.get<{ result: DashboardDto }>(`${DASHBOARD_PATH}${id}`).then((body) => body.result);
}
