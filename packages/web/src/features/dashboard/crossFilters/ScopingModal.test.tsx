// @vitest-environment jsdom

import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { type DashboardLayout, type LayoutNode, ROOT_ID } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../testing/providers.tsx';
import { TEST_DASHBOARD, TestDashboard } from '../header/testDashboard.tsx';
import { ScopingModal } from './ScopingModal.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const node = (id: string, type: LayoutNode['type'], children: string[] = [], meta = {}): LayoutNode => ({
  id,
  type,
  children,
  meta,
});
const LAYOUT: DashboardLayout = {
  [ROOT_ID]: node(ROOT_ID, 'ROOT', ['GRID_ID']),
  GRID_ID: node('GRID_ID', 'GRID', ['ROW-1']),
  'ROW-1': node('ROW-1', 'ROW', ['CHART-1', 'CHART-2', 'CHART-3']),
  'CHART-1': node('CHART-1', 'CHART', [], { chartId: 1 }),
  'CHART-2': node('CHART-2', 'CHART', [], { chartId: 2 }),
  'CHART-3': node('CHART-3', 'CHART', [], { chartId: 3 }),
};
const DASHBOARD = { ...TEST_DASHBOARD, json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }) };

let requests: RecordedRequest[];
let putStatus: number;

beforeEach(() => {
  stubLayoutApis();
  putStatus = 200;
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url === '/api/v1/dashboard/7' && method === 'PUT')
      return putStatus === 200 ? json(200, { id: 7, result: {} }) : json(putStatus, { message: 'Forbidden' });
    if (url === '/api/v1/dashboard/7' && method === 'GET') return json(200, { result: DASHBOARD });
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal(onClose = vi.fn()) {
  renderWithProviders(
    <TestDashboard dashboard={DASHBOARD} session={{ layout: LAYOUT }}>
      <ScopingModal chartId={1} onClose={onClose} />
    </TestDashboard>,
  );
  return onClose;
}

function putBody() {
  const put = requests.find((request) => request.method === 'PUT');
  if (!put) throw new Error('no PUT was sent');
  return JSON.parse((put.body as { json_metadata: string }).json_metadata);
}

describe('ScopingModal', () => {
  it("saves a chart's custom scope in chart_configuration, keeping the other metadata", async () => {
    const onClose = renderModal();
    expect(screen.getByRole('radio', { name: 'Use the global scoping' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Custom scoping' }));
    // Every chart starts checked; leave chart 3 out. The chart itself is never in its own scope.
    fireEvent.click(screen.getByText('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const metadata = putBody();
    expect(metadata.color_scheme).toBe('supersetColors');
    expect(metadata.chart_configuration).toEqual({
      '1': { id: 1, crossFilters: { scope: { rootPath: [ROOT_ID], excluded: [1, 3] }, chartsInScope: [2] } },
    });
    expect(await screen.findByText('Cross-filter scoping saved')).toBeTruthy();
  });

  it('says the spec text when the save fails and stays open', async () => {
    putStatus = 403;
    const onClose = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save cross-filter scoping')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(putBody().chart_configuration['1'].crossFilters.scope).toBe('global');
  });
});
