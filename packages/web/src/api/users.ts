import type { ItemResponse, ListQueryParams, User, UserWriteRequest } from '@vitrina/common';
import { api } from './client.ts';
import { useInvalidatingMutation, useListQuery } from './resource.ts';

const USERS_PATH = '/api/v1/security/users/';

export const userKeys = {
  all: ['users'] as const,
  list: (query: ListQueryParams) => ['users', 'list', query] as const,
};

export function useUsers(query: ListQueryParams) {
  return useListQuery<User>(userKeys.list(query), USERS_PATH, query);
}

export function useCreateUser() {
  return useInvalidatingMutation(userKeys.all, (user: UserWriteRequest) =>
    api.post<ItemResponse<User>>(USERS_PATH, user),
  );
}

export function useUpdateUser() {
  return useInvalidatingMutation(
    userKeys.all,
    ({ id, changes }: { id: number; changes: Partial<UserWriteRequest> }) =>
      api.put<ItemResponse<User>>(`${USERS_PATH}${id}`, changes),
  );
}
