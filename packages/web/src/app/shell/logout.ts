import type { CsrfTokenResponse } from '@vitrina/common';
import { api } from '../../api/client.ts';

/**
 * Logs out as a real form post with the session's CSRF token: the server ends the session everywhere it
 * is checked and answers with a redirect to the login page, which the browser follows as a navigation.
 */
export async function logOut(): Promise<void> {
  // Asked afresh, not the cached one: the session may have been renewed since (a changed own password).
  const { result: token } = await api.get<CsrfTokenResponse>('/api/v1/security/csrf_token/');
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/logout/';
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'csrf_token';
  field.value = token;
  form.append(field);
  document.body.append(form);
  form.submit();
}
