import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionList } from '@vitrina/common';
import { api } from './client.ts';

const MY_SESSIONS = '/api/v1/me/sessions/';
const userPath = (userId: number) => `/api/v1/security/users/${userId}`;

export const sessionKeys = {
  mine: ['sessions', 'mine'] as const,
  user: (userId: number) => ['sessions', 'user', userId] as const,
  lock: (userId: number) => ['sessions', 'lock', userId] as const,
};

export function useMySessions() {
  return useQuery({
    queryKey: sessionKeys.mine,
    queryFn: () => api.get<SessionList>(MY_SESSIONS),
  });
}

export function useEndMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<{ message: string }>(`${MY_SESSIONS}${sessionId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

export function useEndMyOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string; count: number }>(MY_SESSIONS),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

export function useUserSessions(userId: number) {
  return useQuery({
    queryKey: sessionKeys.user(userId),
    queryFn: () => api.get<SessionList>(`${userPath(userId)}/sessions`),
  });
}

export function useEndUserSessions(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`${userPath(userId)}/sessions`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user(userId) }),
  });
}

export function useSignInLock(userId: number) {
  return useQuery({
    queryKey: sessionKeys.lock(userId),
    queryFn: () =>
      api.get<{ result: { locked: boolean } }>(`${userPath(userId)}/lock`).then((body) => body.result.locked),
  });
}

export function useUnlockSignIn(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`${userPath(userId)}/lock`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.lock(userId) }),
  });
}
