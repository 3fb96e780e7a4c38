import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUser,
  CurrentUserResponse,
  CurrentUserWithRoles,
  UpdateMeRequest,
} from '@vitrina/common';
import { api } from './client.ts';

export const meKeys = {
  user: ['me'] as const,
  roles: ['me', 'roles'] as const,
};

export function useCurrentUser() {
  return useQuery({
    queryKey: meKeys.user,
    queryFn: () => api.get<CurrentUserResponse>('/api/v1/me/').then((body) => body.result),
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUserRoles() {
  return useQuery({
    queryKey: meKeys.roles,
    queryFn: () => api.get<{ result: CurrentUserWithRoles }>('/api/v1/me/roles/').then((body) => body.result),
    staleTime: 5 * 60_000,
  });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateMeRequest) => api.put<CurrentUserResponse>('/api/v1/me/', changes),
    onSuccess: (_body, changes) => {
      // Show the change at once; the refetch confirms what the server kept.
      queryClient.setQueryData<CurrentUser>(meKeys.user, (user) => (user ? { ...user, ...changes } : user));
      void queryClient.invalidateQueries({ queryKey: meKeys.user });
    },
  });
}
