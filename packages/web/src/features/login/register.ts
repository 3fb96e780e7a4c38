import type { RegistrationRequest } from '@vitrina/common';
import { errorFromResponse, networkError } from '../../api/errors.ts';

/**
 * `POST /api/v1/security/register/`. Not through the API client: it would first ask for a CSRF token,
 * which needs a session nobody has yet; the server checks the page's Origin instead. On success the
 * server has set the session cookie.
 */
export async function register(request: RegistrationRequest): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/v1/security/register/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(request),
    });
  } catch {
    throw networkError();
  }
  if (response.ok) return;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An answer without a JSON body: the status says enough.
  }
  throw errorFromResponse(response.status, body);
}
