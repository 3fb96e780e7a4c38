// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiStreamLines, forgetCsrfToken, loginUrl } from './client.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function mockFetch(handler: Handler) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

const assign = vi.fn();

beforeEach(() => {
  // Test files share one module registry (vitest.config.ts): a token another file fetched must not leak in.
  forgetCsrfToken();
  vi.stubGlobal('location', { ...window.location, pathname: '/sqllab/', search: '?a=1', assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe('apiRequest', () => {
  it('keeps 64-bit ids exact', async () => {
    mockFetch(() => json(200, '{"result":{"id":9007199254740993,"small":42}}'));
    const body = await apiRequest<{ result: { id: unknown; small: unknown } }>('/api/v1/x/');
    expect(body.result.id).toBe('9007199254740993');
    expect(body.result.small).toBe(42);
  });

  it('encodes q as rison and sends cookies', async () => {
    const calls = mockFetch(() => json(200, { count: 0, ids: [], result: [] }));
    await apiRequest('/api/v1/database/', { q: { page: 0, page_size: 25 } });
    expect(calls[0]?.url).toBe(`/api/v1/database/?q=${encodeURIComponent('(page:0,page_size:25)')}`);
    expect(calls[0]?.init.credentials).toBe('same-origin');
  });

  it('sends the CSRF token on writes and refetches it once after a CSRF failure', async () => {
    let tokenNumber = 0;
    const calls = mockFetch((url, init) => {
      if (url.startsWith('/api/v1/security/csrf_token/'))
        return json(200, { result: `token-${++tokenNumber}` });
      const header = (init.headers as Record<string, string>)['X-CSRFToken'];
      return header === 'token-2'
        ? json(200, { result: 'ok' })
        : json(400, { message: 'The CSRF token is invalid.' });
    });
    await expect(apiRequest('/api/v1/me/', { method: 'PUT', body: { first_name: 'A' } })).resolves.toEqual({
      result: 'ok',
    });
    const writes = calls.filter((call) => call.url === '/api/v1/me/');
    expect(writes.map((call) => (call.init.headers as Record<string, string>)['X-CSRFToken'])).toEqual([
      'token-1',
      'token-2',
    ]);
    expect(writes[0]?.init.body).toBe('{"first_name":"A"}');
  });

  it('maps a failed fetch to Network error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/v1/x/')).rejects.toMatchObject({ status: 599, message: 'Network error' });
  });

  it('maps a timeout to Request timed out', async () => {
    mockFetch(() => Promise.reject(new DOMException('timed out', 'TimeoutError')));
    const error = await apiRequest('/api/v1/x/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Request timed out');
  });

  it('passes the caller signal to fetch and rethrows its abort, not a network error', async () => {
    const calls = mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = apiRequest('/api/v1/x/', { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort(new DOMException('stopped', 'AbortError'));
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(calls[0]?.init.signal?.aborted).toBe(true);
  });

  it('sends the browser to the login page on 401', async () => {
    mockFetch(() => json(401, { message: 'Not authorized' }));
    await expect(apiRequest('/api/v1/me/')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login/?next=%2Fsqllab%2F%3Fa%3D1');
  });

  it('lets a caller handle 401 itself', async () => {
    mockFetch(() => json(401, { message: 'Not authorized' }));
    await expect(apiRequest('/api/v1/me/', { redirectOnUnauthorized: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(assign).not.toHaveBeenCalled();
  });
});

function ndjson(lines: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Split mid-line: lines must be reassembled across chunks.
      const text = lines.join('\n');
      controller.enqueue(encoder.encode(text.slice(0, 5)));
      controller.enqueue(encoder.encode(text.slice(5)));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
}

describe('apiStreamLines', () => {
  const stream = (onLine: (line: unknown) => void, path = '/api/v1/dashboard/1/chart_data') =>
    apiStreamLines(path, { method: 'POST', body: { charts: [] }, accept: 'application/x-ndjson' }, onLine);

  it('sends the CSRF token (renewed once when refused) and the streamed Accept', async () => {
    const calls = mockFetch((url, init) => {
      if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'stream-token' });
      const header = (init.headers as Record<string, string>)['X-CSRFToken'];
      return header === 'stream-token' ? ndjson([]) : json(400, { message: 'The CSRF token is invalid.' });
    });
    await stream(() => {});
    const last = calls.at(-1)!;
    expect(last.url).toBe('/api/v1/dashboard/1/chart_data');
    expect(last.init.headers).toMatchObject({
      Accept: 'application/x-ndjson',
      'Content-Type': 'application/json',
      'X-CSRFToken': 'stream-token',
    });
    expect(last.init.body).toBe('{"charts":[]}');
  });

  it('hands each line parsed, error lines included, and skips lines that are not JSON', async () => {
    mockFetch((url) =>
      url.startsWith('/api/v1/security/csrf_token/')
        ? json(200, { result: 'stream-token' })
        : ndjson([
            '{"key":"a","status":200,"result":[{"id":9007199254740993}]}',
            'not json',
            '{"key":"b","status":403,"errors":[{"message":"Forbidden"}]}',
          ]),
    );
    const lines: unknown[] = [];
    await stream((line) => lines.push(line));
    expect(lines).toEqual([
      { key: 'a', status: 200, result: [{ id: '9007199254740993' }] },
      { key: 'b', status: 403, errors: [{ message: 'Forbidden' }] },
    ]);
  });

  it('handles 401 like every other call: the login page, then the mapped error', async () => {
    mockFetch((url) =>
      url.startsWith('/api/v1/security/csrf_token/')
        ? json(200, { result: 'stream-token' })
        : json(401, { message: 'Not authorized' }),
    );
    const onLine = vi.fn();
    await expect(stream(onLine)).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login/?next=%2Fsqllab%2F%3Fa%3D1');
    expect(onLine).not.toHaveBeenCalled();
  });

  it('maps a stream that breaks to Network error', async () => {
    mockFetch((url) => {
      if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'stream-token' });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"key":"a","status":200,"result":[]}\n'));
          controller.error(new TypeError('network'));
        },
      });
      return new Response(body, { status: 200 });
    });
    await expect(stream(() => {})).rejects.toMatchObject({ message: 'Network error' });
  });
});

describe('loginUrl', () => {
  it('carries the current path as next', () => {
    expect(loginUrl({ pathname: '/users/list/', search: '' })).toBe('/login/?next=%2Fusers%2Flist%2F');
  });
});
