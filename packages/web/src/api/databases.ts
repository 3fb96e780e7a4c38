import { useQuery } from '@tanstack/react-query';
import type { ListQueryParams, ListResponse } from '@vitrina/common';
import { api } from './client.ts';
import { listQueryToRison } from './listQuery.ts';

/** A row of `GET /api/v1/database/` as the Databases list asks for it. */
export interface DatabaseListItem {
  id: number;
  database_name: string;
  backend: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_file_upload: boolean;
  changed_on: string | null;
}

export function useDatabases(query: ListQueryParams) {
  return useQuery({
    queryKey: ['databases', 'list', query],
    queryFn: () => api.get<ListResponse<DatabaseListItem>>('/api/v1/database/', listQueryToRison(query)),
  });
}
