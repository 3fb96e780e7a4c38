/** Only same-site paths may follow a login, so the login page can't be used as an open redirect. */
export function safeNextPath(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/login') || next.startsWith('/logout')) return '/';
  return next;
}
