import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../components/toast/index.ts';
import { fakeMediaQuery } from './browserStubs.ts';
import { testI18n } from './i18n.ts';

/** Test helpers shared by the web tests: providers, a JSON answer, a recording fetch, jsdom's missing APIs. */

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch with `answer`, recording every request (URL decoded, JSON body parsed). */
export function stubFetch(
  answer: (method: string, url: string, body: unknown) => Response,
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      requests.push({ method, url: decodeURIComponent(url), body });
      return answer(method, decodeURIComponent(url), body);
    }),
  );
  return requests;
}

// jsdom has none of these; antd's tables, selects and grids and CodeMirror's measuring ask for them.
export function stubLayoutApis() {
  const emptyRects = Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= () => emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', fakeMediaQuery);
}

export function renderWithProviders(ui: ReactNode, language: 'en' | 'ru' = 'en', path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n(language)}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ToastProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
