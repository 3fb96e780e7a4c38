// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, loginUrl } from './client.ts';

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

describe('loginUrl', () => {
  it('carries the current path as next', () => {
    expect(loginUrl({ pathname: '/users/list/', search: '' })).toBe('/login/?next=%2Fusers%2Flist%2F');
  });
});
