/**
 * SQL Lab's calls (reference/superset-api.md §2): execute, results, stop, estimate, format, export,
 * bootstrap, the query API, the share links, and the form-encoded tab/table persistence views.
 */
import type {
  ExecuteRequest,
  ExecuteResult,
  QueryUpdatedSinceResponse,
  SqlLabBootstrap,
  SqlLabQuery,
  StopQueryRequest,
  TabState,
} from '@vitrina/common';
import { apiRequest, fetchCsrfToken } from './client.ts';
import { errorFromResponse } from './errors.ts';
import { parseJson } from './json.ts';

export const SQLLAB_PATH = '/api/v1/sqllab/';

/**
 * Execute answers 200 with the results (sync), 200 with `{query_id, status: 'stopped'}` for a sync
 * run the user stopped, or 202 with the pending query (async).
 */
export type ExecuteAnswer =
  | ExecuteResult
  | { query: SqlLabQuery; data?: undefined }
  | { query_id: number; status: 'stopped'; data?: undefined; query?: undefined };

export function executeQuery(body: ExecuteRequest, signal?: AbortSignal): Promise<ExecuteAnswer> {
  // The page's query string goes along, as Superset's client does.
  return apiRequest<ExecuteAnswer>(`${SQLLAB_PATH}execute/${window.location.search}`, {
    method: 'POST',
    body,
    signal,
    timeoutMs: 10 * 60_000,
  });
}

export function fetchResults(resultsKey: string, rows?: number): Promise<ExecuteResult> {
  return apiRequest<ExecuteResult>(`${SQLLAB_PATH}results/`, {
    q: rows === undefined ? { key: resultsKey } : { key: resultsKey, rows },
  });
}

export function stopQuery(clientId: string): Promise<unknown> {
  const body: StopQueryRequest = { client_id: clientId };
  return apiRequest('/api/v1/query/stop', { method: 'POST', body });
}

export function queriesUpdatedSince(lastUpdatedMs: number): Promise<SqlLabQuery[]> {
  return apiRequest<QueryUpdatedSinceResponse>('/api/v1/query/updated_since', {
    q: { last_updated_ms: Math.floor(lastUpdatedMs) },
  }).then((body) => body.result);
}

export interface EstimateRequest {
  database_id: number;
  sql: string;
  catalog?: string | null;
  schema?: string | null;
  template_params?: Record<string, unknown>;
}

export function estimateQueryCost(body: EstimateRequest): Promise<Array<Record<string, unknown>>> {
  return apiRequest<{ result: Array<Record<string, unknown>> }>(`${SQLLAB_PATH}estimate/`, {
    method: 'POST',
    body,
  }).then((answer) => answer.result);
}

export function formatSql(body: {
  sql: string;
  database_id?: number | null;
  engine?: string;
}): Promise<string> {
  return apiRequest<{ result: string }>(`${SQLLAB_PATH}format_sql/`, { method: 'POST', body }).then(
    (answer) => answer.result,
  );
}

export function exportCsvUrl(clientId: string): string {
  return `${SQLLAB_PATH}export/${encodeURIComponent(clientId)}/`;
}

export function fetchBootstrap(): Promise<SqlLabBootstrap> {
  return apiRequest<{ result: SqlLabBootstrap }>(SQLLAB_PATH).then((body) => body.result);
}

/** `GET /api/v1/query/{id}`: what 'open a past query' needs. */
export interface StoredQuery {
  id: number;
  client_id?: string;
  database: { id: number };
  catalog?: string | null;
  schema: string | null;
  sql: string;
  tab_name?: string | null;
}

export function fetchQuery(id: number): Promise<StoredQuery> {
  return apiRequest<{ result: StoredQuery }>(`/api/v1/query/${id}`).then((body) => body.result);
}

/** What a share link stores (`POST /api/v1/sqllab/permalink`). */
export interface SharedQueryState {
  dbId: number | null;
  catalog?: string | null;
  schema: string | null;
  sql: string;
  name: string;
  autorun?: boolean;
  templateParams?: string | null;
}

export function createPermalink(state: SharedQueryState): Promise<{ key: string; url: string }> {
  return apiRequest<{ key: string; url: string }>(`${SQLLAB_PATH}permalink`, { method: 'POST', body: state });
}

export function fetchPermalink(key: string): Promise<SharedQueryState> {
  return apiRequest<SharedQueryState>(`${SQLLAB_PATH}permalink/${encodeURIComponent(key)}`);
}

/** The legacy key-value store's shared query (`GET /kv/<id>/`, raw JSON text). */
export async function fetchKvQuery(id: string): Promise<SharedQueryState> {
  const response = await fetch(`/kv/${encodeURIComponent(id)}/`, { credentials: 'same-origin' });
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, null);
  return parseJson(text) as SharedQueryState;
}

/** The legacy views take form fields whose values are JSON (superset-api.md §2.4). */
async function sendForm<T>(
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  fields?: Record<string, unknown>,
) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-CSRFToken': await fetchCsrfToken(),
  };
  let body: URLSearchParams | undefined;
  if (fields) {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) body.set(name, JSON.stringify(value));
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  const response = await fetch(path, { method, headers, body, credentials: 'same-origin' });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? parseJson(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw errorFromResponse(response.status, parsed);
  return parsed as T;
}

/** The tab fields the server keeps (`queryEditor` of `POST /tabstateview/`). */
export interface QueryEditorPayload {
  name: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  queryLimit: number;
  hideLeftBar: boolean;
  remoteId: number | null;
  templateParams: string;
  autorun: boolean;
  updatedAt: number;
  version: number;
}

export const tabStateApi = {
  create: (editor: QueryEditorPayload) =>
    sendForm<{ id: number }>('/tabstateview/', 'POST', { queryEditor: editor }).then((body) => body.id),
  get: (id: number) => apiRequest<TabState>(`/tabstateview/${id}`),
  update: (id: number, fields: Record<string, unknown>) =>
    sendForm<number>(`/tabstateview/${id}`, 'PUT', fields),
  remove: (id: number) => sendForm<string>(`/tabstateview/${id}`, 'DELETE'),
  activate: (id: number) => sendForm<number>(`/tabstateview/${id}/activate`, 'POST'),
  migrateQuery: (id: number, clientId: string) =>
    sendForm<number>(`/tabstateview/${id}/migrate_query`, 'POST', { queryId: clientId }),
  removeQuery: (id: number, clientId: string) =>
    sendForm<string>(`/tabstateview/${id}/query/${encodeURIComponent(clientId)}`, 'DELETE'),
};

export const tableSchemaApi = {
  create: (table: Record<string, unknown>) =>
    sendForm<{ id: number }>('/tableschemaview/', 'POST', { table }).then((body) => body.id),
  expanded: (id: number, expanded: boolean) =>
    sendForm(`/tableschemaview/${id}/expanded`, 'POST', { expanded }),
  remove: (id: number) => sendForm<string>(`/tableschemaview/${id}`, 'DELETE'),
};
