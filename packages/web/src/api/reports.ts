import { useQuery } from '@tanstack/react-query';
import type {
  ItemResponse,
  ListQueryParams,
  ListResponse,
  ReportCreateBody,
  ReportExecutionLog,
  ReportListItem,
  ReportSchedule,
  ReportSendNowResponse,
  ReportUpdateBody,
} from '@vitrina/common';
import { api } from './client.ts';
import { listQueryToRison } from './listQuery.ts';
import { deleteIds, useInvalidatingMutation, useListQuery } from './resource.ts';

/**
 * The alerts and reports API (`/api/v1/report/`, superset-api.md §5): the list, one schedule, its
 * execution log, and the writes. Shapes come from the contract in @vitrina/common (api/report.ts).
 */
const REPORTS_PATH = '/api/v1/report/';

export type {
  ReportCreateBody,
  ReportExecutionLog,
  ReportListItem,
  ReportSchedule,
  ReportUpdateBody,
} from '@vitrina/common';

/** What a report is attached to in a chart's or a dashboard's header. */
export interface ReportTarget {
  kind: 'chart' | 'dashboard';
  id: number;
}

export const reportKeys = {
  all: ['reports'] as const,
  list: (query: ListQueryParams) => ['reports', 'list', query] as const,
  detail: (id: number) => ['reports', 'detail', id] as const,
  logs: (id: number) => ['reports', 'logs', id] as const,
  related: (field: string) => ['reports', 'related', field] as const,
  attached: (target: ReportTarget, userId: number) => ['reports', 'attached', target, userId] as const,
};

/** How many runs the history shows: the newest ones. */
export const REPORT_LOG_PAGE_SIZE = 50;

export function useReports(query: ListQueryParams) {
  return useListQuery<ReportListItem>(reportKeys.list(query), REPORTS_PATH, query);
}

/** `GET /api/v1/report/{id}`: what the edit form starts from. */
export function useReport(id: number | undefined) {
  return useQuery({
    queryKey: reportKeys.detail(id ?? 0),
    queryFn: () => api.get<ItemResponse<ReportSchedule>>(`${REPORTS_PATH}${id}`).then((body) => body.result),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** `GET /api/v1/report/{id}/log/`: the newest runs first. */
export function useReportLogs(id: number | undefined) {
  const query: ListQueryParams = {
    order_column: 'start_dttm',
    order_direction: 'desc',
    page: 0,
    page_size: REPORT_LOG_PAGE_SIZE,
  };
  return useQuery({
    queryKey: reportKeys.logs(id ?? 0),
    queryFn: () =>
      api.get<ListResponse<ReportExecutionLog>>(`${REPORTS_PATH}${id}/log/`, listQueryToRison(query)),
    enabled: id !== undefined,
  });
}

export interface ReportRelatedOption {
  value: number;
  text: string;
}

/** `GET /api/v1/report/related/{field}`: the people the list can be filtered by. */
export function useReportRelated(field: 'owners' | 'created_by') {
  return useQuery({
    queryKey: reportKeys.related(field),
    queryFn: () =>
      api
        .get<{ count: number; result: ReportRelatedOption[] }>(`${REPORTS_PATH}related/${field}`, {
          page: 0,
          page_size: 100,
        })
        .then((body) => body.result),
    staleTime: 60_000,
  });
}

/**
 * The list query of the reports a header shows (Superset's fetchUISpecificReport): the ones on this
 * chart or dashboard, made from its header, by the current user.
 */
export function attachedReportsQuery(target: ReportTarget, userId: number): ListQueryParams {
  return {
    filters: [
      { col: target.kind === 'chart' ? 'chart_id' : 'dashboard_id', opr: 'eq', value: target.id },
      { col: 'creation_method', opr: 'eq', value: target.kind === 'chart' ? 'charts' : 'dashboards' },
      { col: 'created_by', opr: 'rel_o_m', value: userId },
    ],
  };
}

/** The current user's report on a chart or dashboard, or null; disabled until both are known. */
export function useAttachedReport(target: ReportTarget | undefined, userId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.attached(target ?? { kind: 'chart', id: 0 }, userId ?? 0),
    queryFn: () =>
      api
        .get<ListResponse<ReportListItem>>(
          REPORTS_PATH,
          listQueryToRison(attachedReportsQuery(target!, userId!)),
        )
        .then((body) => body.result[0] ?? null),
    enabled: target !== undefined && userId !== undefined,
  });
}

export function useCreateReport() {
  return useInvalidatingMutation(reportKeys.all, (body: ReportCreateBody) =>
    api.post<{ id: number; result: ReportUpdateBody }>(REPORTS_PATH, body),
  );
}

/** A full edit, or only `{active}` (the list's switch and the header's toggle). */
export function useUpdateReport() {
  return useInvalidatingMutation(
    reportKeys.all,
    ({ id, changes }: { id: number; changes: ReportUpdateBody }) =>
      api.put<{ id: number; result: ReportUpdateBody }>(`${REPORTS_PATH}${id}`, changes),
  );
}

/** Deletes one schedule (`DELETE /report/{id}`) or several (`DELETE /report/?q=!(ids)`). */
export function useDeleteReports() {
  return useInvalidatingMutation(reportKeys.all, (ids: number[]) => deleteIds(REPORTS_PATH, ids));
}

/**
 * "Send now to me" (`POST /report/{id}/send_now/`): the outcome comes back as data (Success or Error
 * with the reason), and the run joins the schedule's history, so the report queries are refreshed.
 */
export function useSendReportNow() {
  return useInvalidatingMutation(reportKeys.all, (id: number) =>
    api.post<ReportSendNowResponse>(`${REPORTS_PATH}${id}/send_now/`).then((body) => body.result),
  );
}
