import { QueryClient } from '@tanstack/react-query';
import type { DashboardDto } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { dashboardKeys } from '../../../api/dashboards.ts';
import { storeDashboard, updateCachedDashboard } from './dashboardCache.ts';

const dashboard = (changes: Partial<DashboardDto> = {}) =>
  ({ id: 5, slug: null, dashboard_title: 'Sales', ...changes }) as DashboardDto;

describe('the one cached dashboard', () => {
  it('is the same entry whether the list (id 5) or the page ("5") read it', () => {
    expect(dashboardKeys.detail(5)).toEqual(dashboardKeys.detail('5'));
  });

  it('takes a change under every address it was read by and marks the lists stale', () => {
    const client = new QueryClient();
    client.setQueryData(dashboardKeys.detail(5), dashboard());
    client.setQueryData(dashboardKeys.detail('sales'), dashboard({ slug: 'sales' }));
    client.setQueryData(dashboardKeys.detail(6), dashboard({ id: 6, dashboard_title: 'Other' }));
    client.setQueryData(dashboardKeys.list({ page: 0 }), { count: 0, ids: [], result: [] });

    updateCachedDashboard(client, 5, (cached) => ({ ...cached, dashboard_title: 'Revenue' }));

    expect(client.getQueryData<DashboardDto>(dashboardKeys.detail('5'))?.dashboard_title).toBe('Revenue');
    expect(client.getQueryData<DashboardDto>(dashboardKeys.detail('sales'))?.dashboard_title).toBe('Revenue');
    expect(client.getQueryData<DashboardDto>(dashboardKeys.detail(6))?.dashboard_title).toBe('Other');
    expect(client.getQueryState(dashboardKeys.list({ page: 0 }))?.isInvalidated).toBe(true);
    // The open dashboard is written, not refetched: its session stays.
    expect(client.getQueryState(dashboardKeys.detail(5))?.isInvalidated).toBe(false);
  });

  it('stores a saved dashboard under its id and its new slug', () => {
    const client = new QueryClient();
    storeDashboard(client, dashboard({ slug: 'revenue', dashboard_title: 'Revenue' }));
    expect(client.getQueryData<DashboardDto>(dashboardKeys.detail(5))?.slug).toBe('revenue');
    expect(client.getQueryData<DashboardDto>(dashboardKeys.detail('revenue'))?.id).toBe(5);
  });
});
