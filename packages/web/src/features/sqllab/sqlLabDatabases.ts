import { useQuery } from '@tanstack/react-query';
import type { DatabaseListItem, ListResponse } from '@vitrina/common';
import { api } from '../../api/client.ts';

/** The databases SQL Lab offers: those exposed in SQL Lab, with their flags (async, preview, estimate). */
export function useSqlLabDatabases() {
  return useQuery({
    queryKey: ['databases', 'sqllab'],
    queryFn: () =>
      api
        .get<ListResponse<DatabaseListItem>>('/api/v1/database/', {
          filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }],
          order_column: 'database_name',
          order_direction: 'asc',
          page: 0,
          page_size: 100,
        })
        .then((body) => body.result),
    staleTime: 60_000,
  });
}

/** Spec §9: the configured default database, else the lowest id. */
export function defaultDatabaseId(databases: readonly DatabaseListItem[]): number | null {
  if (databases.length === 0) return null;
  return Math.min(...databases.map((database) => database.id));
}
