import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemResponse, ListQueryParams, ListResponse, User, UserWriteRequest } from '@vitrina/common';
import { api } from './client.ts';
import { listQueryToRison } from './listQuery.ts';

const USERS_PATH = '/api/v1/security/users/';

export const userKeys = {
  all: ['users'] as const,
  list: (query: ListQueryParams) => ['users', 'list', query] as const,
};

export function useUsers(query: ListQueryParams) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => api.get<ListResponse<User>>(USERS_PATH, listQueryToRison(query)),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (user: UserWriteRequest) => api.post<ItemResponse<User>>(USERS_PATH, user),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<UserWriteRequest> }) =>
      api.put<ItemResponse<User>>(`${USERS_PATH}${id}`, changes),
    onSuccess: invalidate,
  });
}
