import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ItemResponse,
  ListQueryParams,
  RlsRelatedOption,
  RowLevelSecurityFilter,
  RowLevelSecurityWriteRequest,
} from '@vitrina/common';
import { api } from '../../api/client.ts';
import { deleteIds, useInvalidatingMutation, useListQuery } from '../../api/resource.ts';

/** Data hooks of `/api/v1/rowlevelsecurity/` (only this screen uses them). */

const RLS_PATH = '/api/v1/rowlevelsecurity/';

export const rlsKeys = {
  all: ['rowLevelSecurity'] as const,
  list: (query: ListQueryParams) => ['rowLevelSecurity', 'list', query] as const,
  related: (field: RelatedField, search: string) => ['rowLevelSecurity', 'related', field, search] as const,
};

export type RelatedField = 'tables' | 'roles';

export function useRlsFilters(query: ListQueryParams) {
  return useListQuery<RowLevelSecurityFilter>(rlsKeys.list(query), RLS_PATH, query);
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

export function useCreateRlsFilter() {
  return useInvalidatingMutation(rlsKeys.all, (rule: RowLevelSecurityWriteRequest) =>
    api.post<ItemResponse<RowLevelSecurityFilter>>(RLS_PATH, rule),
  );
}

export function useUpdateRlsFilter() {
  return useInvalidatingMutation(
    rlsKeys.all,
    ({ id, changes }: { id: number; changes: Partial<RowLevelSecurityWriteRequest> }) =>
      api.put<ItemResponse<RowLevelSecurityFilter>>(`${RLS_PATH}${id}`, changes),
  );
}

/** Deletes one rule, or several with one bulk request (`?q=!(1,2)`). */
export function useDeleteRlsFilters() {
  return useInvalidatingMutation(rlsKeys.all, (ids: number[]) => deleteIds(RLS_PATH, ids));
}
