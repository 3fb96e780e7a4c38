import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ListQueryParams, ListResponse } from '@vitrina/common';
import { api } from './client.ts';
import { listQueryToRison } from './listQuery.ts';

/** A page of a list endpoint (`GET path?q=(…)`), keeping the last page while the next one loads. */
export function useListQuery<T>(queryKey: QueryKey, path: string, query: ListQueryParams) {
  return useQuery({
    queryKey,
    queryFn: () => api.get<ListResponse<T>>(path, listQueryToRison(query)),
    placeholderData: keepPreviousData,
  });
}

/** A mutation that, once it succeeds, refetches every query under `invalidates`. */
export function useInvalidatingMutation<TVariables, TData>(
  invalidates: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
}

/** Deletes one item (`DELETE path{id}`), or several with one bulk request (`DELETE path?q=!(1,2)`). */
export function deleteIds(path: string, ids: number[]) {
  return ids.length === 1
    ? api.delete<{ message: string }>(`${path}${ids[0]}`)
    : api.delete<{ message: string }>(`${path}?q=${encodeURIComponent(`!(${ids.join(',')})`)}`);
}
