import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/**
 * `GET /api/v1/datasource/{type}/{id}/column/{column_name}/values/` (Superset's DatasourceRestApi):
 * the distinct values of a dataset column, which the filter editor offers as suggestions.
 */
export type ColumnValue = string | number | boolean | null;

export const columnValuesKeys = {
  values: (datasourceType: string, datasourceId: number, column: string) =>
    ['columnValues', datasourceType, datasourceId, column] as const,
};

export function columnValuesPath(datasourceType: string, datasourceId: number, column: string): string {
  return `/api/v1/datasource/${encodeURIComponent(datasourceType)}/${datasourceId}/column/${encodeURIComponent(
    column,
  )}/values/`;
}

export function fetchColumnValues(
  datasourceType: string,
  datasourceId: number,
  column: string,
): Promise<ColumnValue[]> {
  return api
    .get<{ result: ColumnValue[] }>(columnValuesPath(datasourceType, datasourceId, column))
    .then((body) => body.result ?? []);
}

/** A column's distinct values; nothing is asked while no column is chosen. */
export function useColumnValues(datasourceType: string, datasourceId: number, column: string | null) {
  return useQuery({
    queryKey: columnValuesKeys.values(datasourceType, datasourceId, column ?? ''),
    queryFn: () => fetchColumnValues(datasourceType, datasourceId, column ?? ''),
    enabled: Boolean(column),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
