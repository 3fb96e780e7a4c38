/**
 * Why the server sent the browser back to the login page (`/login/?error=<code>`). Each has a translated
 * text under `login.errors.<code>`.
 */
export const LOGIN_ERRORS = [
  'invalid',
  'rate_limited',
  'password_disabled',
  'oidc_state',
  'oidc_code',
  'oidc_denied',
  'oidc_unavailable',
  'oidc_claims',
  'oidc_conflict',
  'oidc_failed',
  'inactive',
] as const;

export type LoginError = (typeof LOGIN_ERRORS)[number];

export function isLoginError(value: string | null | undefined): value is LoginError {
  return (LOGIN_ERRORS as readonly string[]).includes(value ?? '');
}
