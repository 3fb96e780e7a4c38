import type { DashboardMetadata } from '@vitrina/common';
import { useEffect, useRef } from 'react';
import { periodicRefreshSchedule } from './refreshSchedule.ts';

/**
 * Refreshes the dashboard's charts every `intervalSeconds` (0 = never), each tick staggered by
 * periodicRefreshSchedule. Every pending timer is cleared when the interval or the page changes.
 */
export function useAutoRefresh(
  intervalSeconds: number,
  chartIds: readonly number[],
  metadata: DashboardMetadata,
  refreshCharts: (options: { force: boolean; chartIds?: number[] }) => void,
): void {
  // The latest values without restarting the timer on every render.
  const latest = useRef({ chartIds, metadata, refreshCharts });
  latest.current = { chartIds, metadata, refreshCharts };

  useEffect(() => {
    if (intervalSeconds <= 0) return;
    const pending = new Set<ReturnType<typeof setTimeout>>();
    const tick = () => {
      const { chartIds: ids, metadata: meta, refreshCharts: refresh } = latest.current;
      for (const { chartId, delayMs } of periodicRefreshSchedule(ids, meta, intervalSeconds)) {
        const timer = setTimeout(() => {
          pending.delete(timer);
          refresh({ force: true, chartIds: [chartId] });
        }, delayMs);
        pending.add(timer);
      }
    };
    const interval = setInterval(tick, intervalSeconds * 1000);
    return () => {
      clearInterval(interval);
      for (const timer of pending) clearTimeout(timer);
    };
  }, [intervalSeconds]);
}
