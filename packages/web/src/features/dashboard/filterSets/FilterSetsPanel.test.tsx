// @vitest-environment jsdom

import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardDto, DataMaskMap } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../testing/providers.tsx';
import { TEST_DASHBOARD, TestDashboard } from '../header/testDashboard.tsx';
import { DataMaskProvider, useDataMask } from '../nativeFilters/dataMaskContext.tsx';
import type { FilterSet } from './api.ts';
import { FilterSetsPanel } from './FilterSetsPanel.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const FILTER = {
  id: 'NATIVE_FILTER-region',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'region' } }],
  controlValues: {},
  defaultDataMask: {},
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};
const DASHBOARD: DashboardDto = {
  ...TEST_DASHBOARD,
  json_metadata: JSON.stringify({ native_filter_configuration: [FILTER] }),
};
const EAST = {
  id: 'NATIVE_FILTER-region',
  extraFormData: { filters: [{ col: 'region', op: 'IN' as const, val: ['East'] }] },
  filterState: { value: ['East'] },
};

let sets: FilterSet[];
let requests: RecordedRequest[];
let failWrites: boolean;

function stored(id: number, name: string, dataMask: DataMaskMap, isPrimary = false): FilterSet {
  const params = { nativeFilters: { [FILTER.id]: FILTER }, dataMask };
  return {
    id,
    name,
    description: null,
    json_metadata: JSON.stringify(params),
    params,
    dashboard_id: 7,
    owner_type: 'Dashboard',
    owner_id: 7,
    is_primary: isPrimary,
    created_on: '2026-01-01T00:00:00',
    changed_on: '2026-01-01T00:00:00',
    created_by: null,
    changed_by: null,
  };
}

beforeEach(() => {
  stubLayoutApis();
  failWrites = false;
  sets = [stored(1, 'East only', { [EAST.id]: EAST })];
  requests = stubFetch((method, url, body) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/me/roles/'))
      return json(200, { result: { id: 1, username: 'u', roles: {} } });
    if (url === '/api/v1/dashboard/7/filtersets' && method === 'GET')
      return json(200, { count: sets.length, ids: sets.map((set) => set.id), result: sets });
    if (failWrites) return json(422, { message: 'Filter set name already exists' });
    if (url === '/api/v1/dashboard/7/filtersets' && method === 'POST') {
      const input = body as { name: string; json_metadata: string };
      const created = stored(2, input.name, JSON.parse(input.json_metadata).dataMask);
      sets = [...sets, created];
      return json(201, { id: 2, result: created });
    }
    const match = /^\/api\/v1\/dashboard\/7\/filtersets\/(\d+)$/.exec(url);
    if (match && method === 'PUT') {
      const change = body as Partial<FilterSet>;
      sets = sets.map((set) => (set.id === Number(match[1]) ? { ...set, ...change } : set));
      return json(200, { id: Number(match[1]), result: sets.find((set) => set.id === Number(match[1])) });
    }
    if (match && method === 'DELETE') {
      sets = sets.filter((set) => set.id !== Number(match[1]));
      return json(200, { message: 'OK' });
    }
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Shows the applied selection, so a test can see what a set applied. */
function Selection() {
  const { dataMask } = useDataMask();
  return (
    <output data-testid="selection">{JSON.stringify(dataMask[FILTER.id]?.filterState?.value ?? null)}</output>
  );
}

function renderPanel(initial: DataMaskMap) {
  return renderWithProviders(
    <TestDashboard dashboard={DASHBOARD}>
      <DataMaskProvider initial={initial}>
        <FilterSetsPanel />
        <Selection />
      </DataMaskProvider>
    </TestDashboard>,
  );
}

const listCalls = () =>
  requests.filter((request) => request.method === 'GET' && request.url.endsWith('/filtersets'));

describe('FilterSetsPanel', () => {
  it('saves the applied selection as a Dashboard set and reloads the list', async () => {
    renderPanel({ [EAST.id]: EAST });
    await screen.findByText('East only');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter set name' }), {
      target: { value: ' Mine ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Mine');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Mine',
      owner_type: 'Dashboard',
      owner_id: 7,
      is_primary: false,
    });
    if (!post) throw new Error('no POST was sent');
    expect(JSON.parse((post.body as { json_metadata: string }).json_metadata)).toEqual({
      nativeFilters: { [FILTER.id]: FILTER },
      dataMask: { [EAST.id]: EAST },
    });
    expect(listCalls().length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Filter set [Mine] has been saved')).toBeTruthy();
  });

  it('applies a set, marks it applied, renames it, makes it primary and deletes it, reloading the list after each', async () => {
    renderPanel({});
    const row = await screen.findByTestId('filter-set');
    const reloaded = async (before: number) => waitFor(() => expect(listCalls().length).toBe(before + 1));
    expect(within(row).queryByText('Applied')).toBeNull();
    let loads = listCalls().length;
    fireEvent.click(within(row).getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('selection').textContent).toBe('["East"]');
    await within(row).findByText('Applied');
    await reloaded(loads);

    loads = listCalls().length;
    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    fireEvent.change(within(row).getByRole('textbox', { name: 'New name' }), { target: { value: 'East' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save the name' }));
    await within(row).findByText('East');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'East' });
    await reloaded(loads);

    loads = listCalls().length;
    fireEvent.click(within(row).getByRole('button', { name: 'Make primary' }));
    await within(row).findByText('Primary');
    await reloaded(loads);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await waitFor(() => {
      const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary');
      if (!button) throw new Error('no confirmation yet');
      return button;
    });
    loads = listCalls().length;
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByTestId('filter-set')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    await reloaded(loads);
  });

  it('shows the server message when a change fails', async () => {
    renderPanel({ [EAST.id]: EAST });
    await screen.findByText('East only');
    failWrites = true;
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter set name' }), {
      target: { value: 'East only' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Sorry, there was an error saving this filter set: Filter set name already exists',
      ),
    ).toBeTruthy();
  });
});
