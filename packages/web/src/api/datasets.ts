import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Dataset,
  DatasetCreateRequest,
  DatasetListItem,
  DatasetUpdateRequest,
  ItemResponse,
  ListQueryParams,
  UserRef,
} from '@vitrina/common';
import { api } from './client.ts';
import { deleteIds, useInvalidatingMutation, useListQuery } from './resource.ts';

/**
 * The datasets API (`/api/v1/dataset/`), with Superset's paths and payloads (superset-api.md §6.2) plus
 * Vitrina's Russian variants (`verbose_name_ru`, `description_ru`).
 */
const DATASETS_PATH = '/api/v1/dataset/';

export type {
  DatasetColumn,
  DatasetColumnInput,
  DatasetCreateRequest,
  DatasetListItem,
  DatasetMetric,
  DatasetMetricInput,
  DatasetUpdateRequest,
} from '@vitrina/common';
export type DatasetDetail = Dataset;
export type OwnerRef = UserRef;

export interface RelatedOption {
  value: number;
  text: string;
}

export const datasetKeys = {
  all: ['datasets'] as const,
  list: (query: ListQueryParams) => ['datasets', 'list', query] as const,
  detail: (id: number) => ['datasets', 'detail', id] as const,
  related: (field: string) => ['datasets', 'related', field] as const,
  distinct: (field: string) => ['datasets', 'distinct', field] as const,
};

export function useDatasets(query: ListQueryParams) {
  return useListQuery<DatasetListItem>(datasetKeys.list(query), DATASETS_PATH, query);
}

export function useDataset(id: number | undefined) {
  return useQuery({
    queryKey: datasetKeys.detail(id ?? 0),
    queryFn: () => api.get<ItemResponse<Dataset>>(`${DATASETS_PATH}${id}`).then((body) => body.result),
    enabled: id !== undefined,
  });
}

/** `GET /api/v1/dataset/related/{field}`: owners or databases a filter can pick. */
export function useDatasetRelated(field: 'owners' | 'database') {
  return useQuery({
    queryKey: datasetKeys.related(field),
    queryFn: () =>
      api
        .get<{ count: number; result: RelatedOption[] }>(`${DATASETS_PATH}related/${field}`, {
          page: 0,
          page_size: 100,
        })
        .then((body) => body.result),
    staleTime: 60_000,
  });
}

/** `GET /api/v1/dataset/distinct/{field}`: the schemas datasets live in. */
export function useDatasetDistinct(field: 'schema') {
  return useQuery({
    queryKey: datasetKeys.distinct(field),
    queryFn: () =>
      api
        .get<{ count: number; result: Array<{ text: string; value: string }> }>(
          `${DATASETS_PATH}distinct/${field}`,
          { page: 0, page_size: 100 },
        )
        .then((body) => body.result),
    staleTime: 60_000,
  });
}

export function useCreateDataset() {
  return useInvalidatingMutation(datasetKeys.all, (dataset: DatasetCreateRequest) =>
    api.post<ItemResponse<Dataset>>(DATASETS_PATH, dataset),
  );
}

export function useUpdateDataset() {
  return useInvalidatingMutation(
    datasetKeys.all,
    ({ id, changes }: { id: number; changes: DatasetUpdateRequest }) =>
      api.put<ItemResponse<Dataset>>(`${DATASETS_PATH}${id}`, changes),
  );
}

export function useDeleteDatasets() {
  return useInvalidatingMutation(datasetKeys.all, (ids: number[]) => deleteIds(DATASETS_PATH, ids));
}

/** `PUT /api/v1/dataset/{id}/refresh`: sync the columns from the source. */
export function useRefreshDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<{ message: string }>(`${DATASETS_PATH}${id}/refresh`),
    onSuccess: (_body, id) => queryClient.invalidateQueries({ queryKey: datasetKeys.detail(id) }),
  });
}
