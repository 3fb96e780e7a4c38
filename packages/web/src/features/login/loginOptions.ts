import { useQuery } from '@tanstack/react-query';
import type { LoginOptionsResponse } from '@vitrina/common';
import { apiRequest } from '../../api/client.ts';

/** What the login and register pages offer (public: nobody is signed in yet). */
export function useLoginOptions() {
  return useQuery({
    queryKey: ['loginOptions'],
    queryFn: () =>
      apiRequest<LoginOptionsResponse>('/api/v1/security/login_options/', {
        redirectOnUnauthorized: false,
      }).then((body) => body.result),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where the provider button starts: back to `next` afterwards, an account made in the page's language. */
export function providerSignInUrl(start: string, next: string, language: string): string {
  const params = new URLSearchParams({ next, lang: language });
  return `${start}?${params.toString()}`;
}
