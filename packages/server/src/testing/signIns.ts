import type { App } from '../http/types.ts';

/** Sign-in attempts as clients make them, from a chosen address, whatever their outcome. */

/** `POST /api/v1/security/login` as an API client sends it. */
export function apiLogin(
  app: App,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
  forwardedFor?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/security/login',
    payload: { username, password, provider: 'db' },
    remoteAddress,
    ...(forwardedFor && { headers: { 'x-forwarded-for': forwardedFor } }),
  });
}

/** `POST /login/` as the browser's login form sends it. */
export function formLogin(app: App, username: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/login/',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });
}
