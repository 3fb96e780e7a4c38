/** What the login page reads from its URL: where to go next, and why the last attempt failed. */
export type LoginError = 'invalid' | 'rate_limited';

/** Only a path on this site: never another origin (`//evil`, `https://…`). */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export function loginError(value: string | null): LoginError | undefined {
  return value === 'invalid' || value === 'rate_limited' ? value : undefined;
}
