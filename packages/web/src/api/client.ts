/**
 * The one HTTP client of the web app: same-origin cookies, the CSRF token on every write, big-number
 * JSON, a timeout, and errors mapped by errors.ts. A 401 sends the browser to the login page. JSON
 * answers come whole (apiRequest) or streamed line by line (apiStreamLines); both share one code path.
 */
import type { CsrfTokenResponse } from '@vitrina/common';
import { GUEST_TOKEN_HEADER } from '@vitrina/common/embedded/guestTokenTransport';
import { ApiError, errorFromResponse, isCsrfError, networkError, timeoutError } from './errors.ts';
import { guestToken, isEmbeddedPage } from './guestToken.ts';
import { parseJson } from './json.ts';
import { readNdjsonLines } from './ndjsonLines.ts';
import { encodeRison, type RisonValue } from './rison.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Encoded as rison into `?q=`. */
  q?: RisonValue;
  /** 0: no overall timeout (a stream whose readers time out on their own). */
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
  csrfToken ??= send<CsrfTokenResponse>(CSRF_TOKEN_PATH, {}).then((body) => body.result);
  // A failed fetch must not stick: the next write asks again.
  csrfToken.catch(() => {
    csrfToken = undefined;
  });
  return csrfToken;
}

/** Forgets the session's CSRF token, so the next write fetches the one of the session then current. */
export function forgetCsrfToken(): void {
  csrfToken = undefined;
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

function requestSignal(options: RequestOptions): AbortSignal | undefined {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signals = [options.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  return signals.length > 1 ? AbortSignal.any(signals) : signals[0];
}

/** Fetches and answers the response when it is ok; otherwise throws the mapped error (a 401 logs out). */
async function open(
  path: string,
  options: RequestOptions,
  accept: string,
  token?: string,
): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-CSRFToken'] = token;
  const guest = guestToken();
  if (guest) headers[GUEST_TOKEN_HEADER] = guest;

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.q), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: requestSignal(options),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw options.signal.reason ?? cause;
    throw cause instanceof DOMException && cause.name === 'TimeoutError' ? timeoutError() : networkError();
  }
  if (response.ok) return response;

  const error = errorFromResponse(response.status, await readBody(response));
  if (response.status === 401 && options.redirectOnUnauthorized !== false && !isEmbeddedPage()) {
    window.location.assign(loginUrl());
  }
  throw error;
}

async function send<T>(path: string, options: RequestOptions, token?: string): Promise<T> {
  return (await readBody(await open(path, options, 'application/json', token))) as T;
}

/** Runs `attempt` with the CSRF token on writes; a write refused for its token gets a fresh one once. */
async function withCsrf<T>(options: RequestOptions, attempt: (token?: string) => Promise<T>): Promise<T> {
  if (!WRITE_METHODS.has(options.method ?? 'GET')) return attempt();
  try {
    return await attempt(await fetchCsrfToken());
  } catch (error) {
    if (!isCsrfError(error)) throw error;
    csrfToken = undefined;
    return attempt(await fetchCsrfToken());
  }
}

/** Sends a request; a write that fails on its CSRF token gets a fresh token and is tried once more. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return withCsrf(options, (token) => send<T>(path, options, token));
}

/** As apiRequest, with the answer's status: a 202 (an async job queued) is read apart from a 200. */
export function apiRequestWithStatus<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ status: number; body: T }> {
  return withCsrf(options, async (token) => {
    const response = await open(path, options, 'application/json', token);
    return { status: response.status, body: (await readBody(response)) as T };
  });
}

/**
 * A GET whose answer the caller reads itself (a picture, or a 202 that says "not yet"): any 2xx response
 * is answered as it is; errors, 401 included, as apiRequest.
 */
export function apiGetResponse(
  path: string,
  accept: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Response> {
  return open(path, options, accept);
}

export interface StreamOptions extends RequestOptions {
  /** The streamed media type asked for (e.g. application/x-ndjson). */
  accept: string;
}

/**
 * Sends a request whose answer is newline-delimited JSON and hands each line, parsed, to `onLine` as it
 * arrives; a line that is not JSON is skipped. Headers, CSRF, 401 and errors as apiRequest; resolves when
 * the stream ends, rejects with Network error when it breaks (or with the caller's abort).
 */
export async function apiStreamLines(
  path: string,
  options: StreamOptions,
  onLine: (line: unknown) => void,
): Promise<void> {
  const response = await withCsrf(options, (token) => open(path, options, options.accept, token));
  if (!response.body) return;
  try {
    await readNdjsonLines(response.body, (text) => {
      let line: unknown;
      try {
        line = parseJson(text);
      } catch {
        return;
      }
      onLine(line);
    });
  } catch (cause) {
    if (options.signal?.aborted) throw options.signal.reason ?? cause;
    throw networkError();
  }
}

export const api = {
  get: <T>(path: string, q?: RisonValue) => apiRequest<T>(path, { q }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

export { ApiError };
