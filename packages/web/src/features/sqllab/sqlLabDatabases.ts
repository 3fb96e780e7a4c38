import { useQuery } from '@tanstack/react-query';
import type { DatabaseListItem, ListResponse } from '@vitrina/common';
import { api } from '../../api/client.ts';

/** How many databases SQL Lab's picker loads; a full page may not hold every database. */
export const SQL_LAB_DATABASE_PAGE = 100;

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
          page_size: SQL_LAB_DATABASE_PAGE,
        })
        .then((body) => body.result),
    staleTime: 60_000,
  });
}

/** Spec §9: the configured default database (when offered here), else the lowest id. */
export function defaultDatabaseId(
  databases: readonly Pick<DatabaseListItem, 'id'>[],
  configured: number | null = null,
): number | null {
  if (databases.length === 0) return null;
  if (configured !== null && databases.some((database) => database.id === configured)) return configured;
  return Math.min(...databases.map((database) => database.id));
}

/**
 * The database a tab should move to, or null to keep its own: a tab without one, or whose database was
 * deleted or withdrawn from SQL Lab since, starts on the default (spec §9). `offered` is undefined
 * until the list has answered, and a full page may miss the tab's database, so nothing moves on a guess.
 */
export function replacementDatabaseId(
  tabDbId: number | null,
  offered: readonly Pick<DatabaseListItem, 'id'>[] | undefined,
  fallback: number | null,
): number | null {
  if (fallback === null || tabDbId === fallback) return null;
  if (tabDbId === null) return fallback;
  if (offered === undefined || offered.length >= SQL_LAB_DATABASE_PAGE) return null;
  if (offered.some((database) => database.id === tabDbId)) return null;
  return fallback;
}
