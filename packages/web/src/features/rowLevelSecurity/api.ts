import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ItemResponse,
  ListQueryParams,
  ListResponse,
  RlsRelatedOption,
  RowLevelSecurityFilter,
  RowLevelSecurityWriteRequest,
} from '@vitrina/common';
import { api } from '../../api/client.ts';
import { listQueryToRison } from '../../api/listQuery.ts';

/** Data hooks of `/api/v1/rowlevelsecurity/` (only this screen uses them). */

const RLS_PATH = '/api/v1/rowlevelsecurity/';

export const rlsKeys = {
  all: ['rowLevelSecurity'] as const,
  list: (query: ListQueryParams) => ['rowLevelSecurity', 'list', query] as const,
  related: (field: RelatedField, search: string) => ['rowLevelSecurity', 'related', field, search] as const,
};

export type RelatedField = 'tables' | 'roles';

export function useRlsFilters(query: ListQueryParams) {
  return useQuery({
    queryKey: rlsKeys.list(query),
    queryFn: () => api.get<ListResponse<RowLevelSecurityFilter>>(RLS_PATH, listQueryToRison(query)),
    placeholderData: keepPreviousData,
  });
}

/** The datasets or roles a rule can name, searched by text (first 100). */
export function useRlsRelated(field: RelatedField, search: string) {
  return useQuery({
    queryKey: rlsKeys.related(field, search),
    queryFn: () =>
      api.get<{ count: number; result: RlsRelatedOption[] }>(`${RLS_PATH}related/${field}`, {
        filter: search,
        page: 0,
        page_size: 100,
      }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateRls() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rlsKeys.all });
}

export function useCreateRlsFilter() {
  const invalidate = useInvalidateRls();
  return useMutation({
    mutationFn: (rule: RowLevelSecurityWriteRequest) =>
      api.post<ItemResponse<RowLevelSecurityFilter>>(RLS_PATH, rule),
    onSuccess: invalidate,
  });
}

export function useUpdateRlsFilter() {
  const invalidate = useInvalidateRls();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<RowLevelSecurityWriteRequest> }) =>
      api.put<ItemResponse<RowLevelSecurityFilter>>(`${RLS_PATH}${id}`, changes),
    onSuccess: invalidate,
  });
}

/** Deletes one rule, or several with one bulk request (`?q=!(1,2)`). */
export function useDeleteRlsFilters() {
  const invalidate = useInvalidateRls();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.delete<{ message: string }>(`${RLS_PATH}${ids[0]}`)
        : api.delete<{ message: string }>(`${RLS_PATH}?q=${encodeURIComponent(`!(${ids.join(',')})`)}`),
    onSuccess: invalidate,
  });
}
