import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AvailableEngine,
  Database,
  DatabaseListItem,
  DatabaseWriteRequest,
  ItemResponse,
  ListQueryParams,
  ListResponse,
  SchemasResponse,
  TableMetadataResponse,
  TablesResponse,
} from '@vitrina/common';
import { api } from './client.ts';
import { listQueryToRison } from './listQuery.ts';
import { useInvalidatingMutation, useListQuery } from './resource.ts';

/**
 * The databases API (`/api/v1/database/`), with Superset's paths and payloads (superset-api.md §6.1).
 * The types are the shapes the screens use; the server may send more fields.
 */
const DATABASES_PATH = '/api/v1/database/';

/** The list columns the Databases screen shows (asking for them keeps the answer small). */
export const DATABASE_LIST_COLUMNS = [
  'id',
  'database_name',
  'backend',
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_file_upload',
  'changed_on',
  'changed_on_delta_humanized',
];

export type {
  AvailableEngine,
  DatabaseListItem,
  DatabaseWriteRequest,
  TableListEntry,
  TableMetadataColumn,
} from '@vitrina/common';

/** `GET /api/v1/database/{id}`: what the connection modal edits. */
export type DatabaseDetail = Database;
export type TableMetadata = TableMetadataResponse;

/** One property of an engine's parameter schema (a JSON schema, as `/available/` sends it). */
export interface EngineParameter {
  type?: string;
  description?: string;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}

export const databaseKeys = {
  all: ['databases'] as const,
  list: (query: ListQueryParams) => ['databases', 'list', query] as const,
  detail: (id: number) => ['databases', 'detail', id] as const,
  available: ['databases', 'available'] as const,
  schemas: (id: number) => ['databases', id, 'schemas'] as const,
  tables: (id: number, schema: string) => ['databases', id, 'tables', schema] as const,
  metadata: (id: number, schema: string, table: string) =>
    ['databases', id, 'table_metadata', schema, table] as const,
};

export function useDatabases(query: ListQueryParams) {
  return useListQuery<DatabaseListItem>(databaseKeys.list(query), DATABASES_PATH, query);
}

/** Every database the user may reach, for pickers. */
export function useDatabaseOptions(filter?: { allowFileUpload?: boolean }) {
  const query: ListQueryParams = {
    order_column: 'database_name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
    columns: ['id', 'database_name', 'backend', 'allow_file_upload'],
    ...(filter?.allowFileUpload ? { filters: [{ col: 'allow_file_upload', opr: 'eq', value: true }] } : {}),
  };
  return useQuery({
    queryKey: databaseKeys.list(query),
    queryFn: () => api.get<ListResponse<DatabaseListItem>>(DATABASES_PATH, listQueryToRison(query)),
    select: (body) =>
      filter?.allowFileUpload ? body.result.filter((database) => database.allow_file_upload) : body.result,
  });
}

export function useDatabase(id: number | undefined) {
  return useQuery({
    queryKey: databaseKeys.detail(id ?? 0),
    queryFn: () => api.get<ItemResponse<Database>>(`${DATABASES_PATH}${id}`).then((body) => body.result),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

export function useAvailableEngines() {
  return useQuery({
    queryKey: databaseKeys.available,
    queryFn: () =>
      api.get<{ databases: AvailableEngine[] }>(`${DATABASES_PATH}available/`).then((body) => body.databases),
    staleTime: 10 * 60_000,
  });
}

export function useSchemas(databaseId: number | undefined, options: { uploadAllowed?: boolean } = {}) {
  return useQuery({
    queryKey: [...databaseKeys.schemas(databaseId ?? 0), options.uploadAllowed ?? false],
    queryFn: () =>
      api
        .get<SchemasResponse>(`${DATABASES_PATH}${databaseId}/schemas/`, {
          force: false,
          ...(options.uploadAllowed ? { upload_allowed: true } : {}),
        })
        .then((body) => body.result),
    enabled: databaseId !== undefined,
  });
}

export function useTables(databaseId: number | undefined, schema: string | undefined) {
  return useQuery({
    queryKey: databaseKeys.tables(databaseId ?? 0, schema ?? ''),
    queryFn: () =>
      api
        .get<TablesResponse>(`${DATABASES_PATH}${databaseId}/tables/`, {
          schema_name: schema ?? '',
          force: false,
        })
        .then((body) => body.result),
    enabled: databaseId !== undefined && schema !== undefined,
  });
}

export function useTableMetadata(
  databaseId: number | undefined,
  schema: string | undefined,
  table: string | undefined,
) {
  return useQuery({
    queryKey: databaseKeys.metadata(databaseId ?? 0, schema ?? '', table ?? ''),
    queryFn: () => {
      const params = new URLSearchParams({ name: table ?? '', schema: schema ?? '' });
      return api.get<TableMetadataResponse>(
        `${DATABASES_PATH}${databaseId}/table_metadata/?${params.toString()}`,
      );
    },
    enabled: databaseId !== undefined && schema !== undefined && table !== undefined,
    retry: false,
  });
}

export function useCreateDatabase() {
  return useInvalidatingMutation(databaseKeys.all, (database: DatabaseWriteRequest) =>
    api.post<ItemResponse<Database>>(DATABASES_PATH, database),
  );
}

export function useUpdateDatabase() {
  return useInvalidatingMutation(
    databaseKeys.all,
    ({ id, changes }: { id: number; changes: DatabaseWriteRequest }) =>
      api.put<ItemResponse<Database>>(`${DATABASES_PATH}${id}`, changes),
  );
}

export function useDeleteDatabase() {
  return useInvalidatingMutation(databaseKeys.all, (id: number) =>
    api.delete<{ message: string }>(`${DATABASES_PATH}${id}`),
  );
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (database: DatabaseWriteRequest) =>
      api.post<{ message: string }>(`${DATABASES_PATH}test_connection/`, database),
  });
}
