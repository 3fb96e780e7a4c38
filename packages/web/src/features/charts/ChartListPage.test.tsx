// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/toast/index.ts';
import { testI18n } from '../../testing/i18n.ts';
import { stubLayoutApis } from '../../testing/providers.tsx';
import { ChartListPage } from './ChartListPage.tsx';

// antd's table is slow to render in jsdom on a busy machine: allow for it.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

// The chart types the list names; the pie's name comes from the catalogue, as the real metadata's does.
vi.mock('@vitrina/common/viz/registry', async (importActual) => {
  const actual = await importActual<typeof import('@vitrina/common/viz/registry')>();
  const { VIZ_TYPES } = actual;
  return {
    ...actual,
    CHART_PLUGINS: Object.fromEntries(
      VIZ_TYPES.map((vizType) => [vizType, { metadata: { nameKey: `viz.types.${vizType}.name` } }]),
    ),
  };
});

const CHARTS = [
  {
    id: 1,
    slice_name: 'Revenue by city',
    slice_name_ru: 'Выручка по городам',
    viz_type: 'pie',
    description: null,
    datasource_name_text: 'main.sales',
    certified_by: 'Finance',
    certification_details: 'Checked monthly',
    dashboards: [{ id: 5, dashboard_title: 'Sales', dashboard_title_ru: 'Продажи' }],
    owners: [{ id: 1, first_name: 'Anna', last_name: 'Ivanova' }],
    changed_by_name: 'Anna Ivanova',
    changed_on_utc: '2024-05-01T10:00:00+00:00',
    changed_on_delta_humanized: '2 days ago',
  },
  {
    id: 2,
    slice_name: 'Orders funnel',
    slice_name_ru: null,
    viz_type: 'funnel',
    description: 'Steps of an order',
    datasource_name_text: 'main.orders',
    certified_by: null,
    certification_details: null,
    dashboards: [],
    owners: [],
    changed_by_name: '',
    changed_on_utc: '2024-04-01T10:00:00+00:00',
    changed_on_delta_humanized: 'a month ago',
  },
];

let requests: Array<{ method: string; url: string }>;
let starFails: boolean;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function answer(method: string, url: string): Response {
  if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
  // An admin: every chart's edit and delete show (the Gamma case is the permissions journey's).
  if (url.startsWith('/api/v1/me/roles/'))
    return json(200, {
      result: { id: 1, username: 'admin', first_name: 'A', last_name: 'D', roles: { Admin: [] } },
    });
  if (url.startsWith('/api/v1/chart/favorite_status/'))
    return json(200, { result: CHARTS.map((chart) => ({ id: chart.id, value: chart.id === 2 })) });
  if (url.includes('/favorites/'))
    return starFails ? json(500, { message: 'Fatal error' }) : json(200, { result: 'OK' });
  if (url.startsWith('/api/v1/chart/related/owners'))
    return json(200, { count: 1, result: [{ value: 1, text: 'Anna Ivanova' }] });
  if (url.startsWith('/api/v1/dataset/'))
    return json(200, { count: 1, ids: [3], result: [{ id: 3, table_name: 'sales' }] });
  if (url.startsWith('/api/v1/dashboard/'))
    return json(200, {
      count: 1,
      ids: [5],
      result: [{ id: 5, dashboard_title: 'Sales', dashboard_title_ru: 'Продажи' }],
    });
  if (method === 'DELETE') return json(200, { message: 'OK' });
  if (url.startsWith('/api/v1/chart/'))
    return json(200, { count: CHARTS.length, ids: [1, 2], result: CHARTS });
  return json(404, { message: 'Not found' });
}

beforeEach(() => {
  requests = [];
  starFails = false;
  stubLayoutApis();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      requests.push({ method, url: decodeURIComponent(url) });
      return answer(method, url);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(language: 'en' | 'ru' = 'en') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n(language)}>
        <ToastProvider>
          <MemoryRouter>
            <ChartListPage />
          </MemoryRouter>
        </ToastProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('ChartListPage', () => {
  it('lists charts with their type, dataset, dashboards, owners and a link into explore', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Revenue by city' });
    expect(link.getAttribute('href')).toBe('/explore/?slice_id=1');
    const row = link.closest('tr')!;
    expect(row.textContent).toContain('Pie chart');
    expect(row.textContent).toContain('sales');
    expect(row.textContent).toContain('Anna Ivanova');
    expect(within(row).getByRole('link', { name: 'Sales' }).getAttribute('href')).toBe(
      '/superset/dashboard/5/',
    );
    expect(within(row).getByLabelText('Certified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders funnel' }).closest('tr')!.textContent).toContain(
      'Funnel chart',
    );
  });

  it('shows the stars the server knows about and asks for the listed charts only', async () => {
    renderPage();
    const starred = await screen.findByRole('button', { name: 'Remove Orders funnel from favorites' });
    expect(starred.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Add Revenue by city to favorites' })).toBeTruthy();
    expect(requests.some((request) => request.url === '/api/v1/chart/favorite_status/?q=!(1,2)')).toBe(true);
  });

  it('says so when starring fails, and the star stays off', async () => {
    starFails = true;
    renderPage();
    const star = await screen.findByRole('button', { name: 'Add Revenue by city to favorites' });
    fireEvent.click(star);
    expect(await screen.findByText('An error occurred while starring this chart')).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'POST' && request.url === '/api/v1/chart/1/favorites/'),
    ).toBe(true);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Add Revenue by city to favorites' }).getAttribute('aria-pressed'),
      ).toBe('false'),
    );
  });

  it('searches by text on the server', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Revenue by city' });
    const search = screen.getByPlaceholderText('Search by name');
    fireEvent.change(search, { target: { value: 'revenue' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(
        requests.some((request) => request.url.includes('(col:slice_name,opr:chart_all_text,value:revenue)')),
      ).toBe(true),
    );
  });

  it('switches to cards, each with its star, type and actions', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Revenue by city' });
    fireEvent.click(screen.getByText('Card view'));
    const card = await screen.findByRole('article', { name: 'Revenue by city' });
    expect(card.textContent).toContain('Pie chart');
    expect(within(card).getByRole('button', { name: 'Add Revenue by city to favorites' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('selects charts for a bulk delete with one request', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Revenue by city' });
    fireEvent.click(screen.getByText('Card view'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Revenue by city' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Orders funnel' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        requests.some((request) => request.method === 'DELETE' && request.url === '/api/v1/chart/?q=!(1,2)'),
      ).toBe(true),
    );
    expect(await screen.findByText('Charts deleted: 2')).toBeTruthy();
  });

  it('shows Russian titles in a Russian UI, English where there is none', async () => {
    renderPage('ru');
    expect(await screen.findByRole('link', { name: 'Выручка по городам' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders funnel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Продажи' })).toBeTruthy();
    expect(screen.getByText('Круговая диаграмма')).toBeTruthy();
  });
});
