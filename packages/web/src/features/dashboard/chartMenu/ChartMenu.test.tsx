// @vitest-environment jsdom

import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChartDataResult, DashboardChartDto, QueryContext } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../testing/providers.tsx';
import { ALL_PERMISSIONS, NO_PERMISSIONS, TestDashboard } from '../header/testDashboard.tsx';
import type { DashboardPermissions } from '../permissions.ts';
import { ChartMenu } from './ChartMenu.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const CHART: DashboardChartDto = {
  id: 11,
  uuid: 'c-11',
  slice_name: 'Orders by country',
  slice_name_ru: 'Заказы по странам',
  viz_type: 'table',
  cache_timeout: null,
  changed_on: '2024-05-01T10:00:00',
  description: null,
  form_data: {},
  slice_url: '/explore/?slice_id=11',
  certified_by: null,
  certification_details: null,
};

const QUERY_CONTEXT: QueryContext = {
  datasource: { id: 3, type: 'table' },
  queries: [
    { columns: ['country'], metrics: ['count'], filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
  ],
};

let requests: RecordedRequest[];
let roles: Record<string, Array<[string, string]>>;

beforeEach(() => {
  roles = { Gamma: [['can_drill', 'Dashboard']] };
  stubLayoutApis();
  requests = stubFetch((_method, url, body) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/me/roles/')) return json(200, { result: { id: 1, username: 'u', roles } });
    if (url.startsWith('/api/v1/chart/data')) {
      const type = (body as QueryContext).result_type;
      return json(200, {
        result: [{ query: 'SELECT country, COUNT(*) FROM orders', language: 'sql', type }],
      });
    }
    if (url.startsWith('/datasource/samples'))
      return json(200, {
        result: {
          data: [{ country: 'FR', amount: 5 }],
          colnames: ['country', 'amount'],
          coltypes: [1, 0],
          rowcount: 1,
          page: 1,
          per_page: 50,
          total_count: 1,
        },
      });
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu(
  permissions: DashboardPermissions = ALL_PERMISSIONS,
  onForceRefresh = () => {},
  queriesData: ChartDataResult[] | null = null,
) {
  return renderWithProviders(
    <TestDashboard permissions={permissions}>
      <ChartMenu
        chart={CHART}
        queryContext={QUERY_CONTEXT}
        queriesData={queriesData}
        onForceRefresh={onForceRefresh}
        isFullscreen={false}
        onToggleFullscreen={() => {}}
      />
    </TestDashboard>,
  );
}

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'More chart actions' }));
}

describe('ChartMenu', () => {
  it('offers every action to a user with all permissions', async () => {
    const refresh = vi.fn();
    renderMenu(ALL_PERMISSIONS, refresh);
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/v1/me/roles/'))).toBe(true));
    await openMenu();
    for (const name of [
      'Enter fullscreen',
      'Edit chart',
      'View query',
      'View query results',
      'Share',
      'Download',
    ])
      expect(await screen.findByText(name)).toBeTruthy();
    expect(await screen.findByText('Drill to detail')).toBeTruthy();
    fireEvent.click(screen.getByText('Force refresh'));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('names the submenu titles by their text alone, without the arrow icon', async () => {
    renderMenu(ALL_PERMISSIONS);
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/v1/me/roles/'))).toBe(true));
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Share' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /right/ })).toBeNull();
  });

  it('hides what the permissions do not allow', async () => {
    roles = { Gamma: [] };
    renderMenu(NO_PERMISSIONS);
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/v1/me/roles/'))).toBe(true));
    await openMenu();
    expect(await screen.findByText('View query')).toBeTruthy();
    expect(screen.queryByText('Edit chart')).toBeNull();
    expect(screen.queryByText('Share')).toBeNull();
    expect(screen.queryByText('Drill to detail')).toBeNull();
  });

  it('shows the chart’s query from result_type query', async () => {
    renderMenu();
    await openMenu();
    fireEvent.click(await screen.findByText('View query'));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.url.startsWith('/api/v1/chart/data') && (r.body as QueryContext).result_type === 'query',
        ),
      ).toBe(true),
    );
  });

  it('opens the Timing view once the chart has an answer', async () => {
    const { unmount } = renderMenu();
    await openMenu();
    const disabled = await screen.findByRole('menuitem', { name: 'Timing' });
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    unmount();
    renderMenu(ALL_PERMISSIONS, () => {}, [{ data: [], colnames: [], coltypes: [], rowcount: 0 }]);
    await openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Timing' }));
    expect(await screen.findByText('Timing: Orders by country')).toBeTruthy();
    expect(await screen.findByTestId('chart-timing-modal')).toBeTruthy();
  });

  it('drills to the detail rows with the chart’s filters', async () => {
    renderMenu();
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/v1/me/roles/'))).toBe(true));
    await openMenu();
    fireEvent.click(await screen.findByText('Drill to detail'));
    expect(await screen.findByText('Drill to detail: Orders by country')).toBeTruthy();
    expect(await screen.findByText('country IN FR')).toBeTruthy();
    const samples = requests.find((r) => r.url.startsWith('/datasource/samples'));
    expect(samples?.url).toBe('/datasource/samples?datasource_id=3&datasource_type=table&page=1&per_page=50');
    expect(samples?.body).toEqual({
      filters: [{ col: 'country', op: 'IN', val: ['FR'] }],
      granularity: null,
      time_range: null,
      extras: {},
    });
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
  });
});
