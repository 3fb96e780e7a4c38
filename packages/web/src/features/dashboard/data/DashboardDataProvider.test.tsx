// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useContext } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartDataFetcherContext, fetchChartData } from '../../../viz/useChartData.ts';
import { DashboardDataProvider } from './DashboardDataProvider.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <DashboardDataProvider dashboardId={5}>{children}</DashboardDataProvider>
);

afterEach(() => vi.unstubAllGlobals());

describe('DashboardDataProvider', () => {
  it('gives its charts the batching fetcher', () => {
    const { result } = renderHook(() => useContext(ChartDataFetcherContext), { wrapper });
    expect(result.current).not.toBe(fetchChartData);
  });

  it('keeps one request per chart with ?dashboard_batching=0', () => {
    vi.stubGlobal('location', { ...window.location, search: '?dashboard_batching=0' });
    const { result } = renderHook(() => useContext(ChartDataFetcherContext), { wrapper });
    expect(result.current).toBe(fetchChartData);
  });
});
