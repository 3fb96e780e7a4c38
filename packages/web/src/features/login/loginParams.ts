import { isLoginError, type LoginError } from '@vitrina/common';

// What the login page reads from its URL: where to go next, and why the last attempt failed.

/** Only a path on this site, by the rule the server's redirect after login applies. */
export { safeNextPath } from '@vitrina/common';
export type { LoginError };

export function loginError(value: string | null): LoginError | undefined {
  return isLoginError(value) ? value : undefined;
}

/** The translated text of a login error: the password form's own two, the others under signIn.errors. */
export function loginErrorKey(error: LoginError): string {
  if (error === 'invalid') return 'login.invalid';
  if (error === 'rate_limited') return 'login.rateLimited';
  return `signIn.errors.${error}`;
}
