/**
 * The one HTTP client of the web app: same-origin cookies, the CSRF token on every write, big-number
 * JSON, a timeout, and errors mapped by errors.ts. A 401 sends the browser to the login page.
 */
import { ApiError, errorFromResponse, isCsrfError, networkError, timeoutError } from './errors.ts';
import { parseJson } from './json.ts';
import { encodeRison, type RisonValue } from './rison.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Encoded as rison into `?q=`. */
  q?: RisonValue;
  timeoutMs?: number;
  /** Cancels the request (Stop); the caller's abort is rethrown as it is, not reported as a network error. */
  signal?: AbortSignal;
  /** Login and logout pages handle 401 themselves. */
  redirectOnUnauthorized?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
const CSRF_TOKEN_PATH = '/api/v1/security/csrf_token/';
const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let csrfToken: Promise<string> | undefined;

/** The session's CSRF token (fetched once); exported for requests that do not go through apiRequest. */
export function fetchCsrfToken(): Promise<string> {
  csrfToken ??= send<{ result: string }>(CSRF_TOKEN_PATH, {}).then((body) => body.result);
  // A failed fetch must not stick: the next write asks again.
  csrfToken.catch(() => {
    csrfToken = undefined;
  });
  return csrfToken;
}

/** The login URL that brings the user back to where they are now. */
export function loginUrl(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `/login/?next=${encodeURIComponent(location.pathname + location.search)}`;
}

function withQuery(path: string, q: RisonValue | undefined): string {
  if (q === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(encodeRison(q))}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return parseJson(text);
  } catch {
    return null;
  }
}

async function send<T>(path: string, options: RequestOptions, token?: string): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-CSRFToken'] = token;

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.q), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)])
        : AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw options.signal.reason ?? cause;
    throw cause instanceof DOMException && cause.name === 'TimeoutError' ? timeoutError() : networkError();
  }

  const body = await readBody(response);
  if (response.ok) return body as T;

  const error = errorFromResponse(response.status, body);
  if (response.status === 401 && options.redirectOnUnauthorized !== false) {
    window.location.assign(loginUrl());
  }
  throw error;
}

/** Sends a request; a write that fails on its CSRF token gets a fresh token and is tried once more. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!WRITE_METHODS.has(options.method ?? 'GET')) return send<T>(path, options);
  try {
    return await send<T>(path, options, await fetchCsrfToken());
  } catch (error) {
    if (!isCsrfError(error)) throw error;
    csrfToken = undefined;
    return send<T>(path, options, await fetchCsrfToken());
  }
}

export const api = {
  get: <T>(path: string, q?: RisonValue) => apiRequest<T>(path, { q }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

export { ApiError };
