import { chartIdsOf, type DashboardLayout } from '@vitrina/common';
import { useCallback, useRef, useState } from 'react';

type Nonces = ReadonlyMap<number, { nonce: number; force: boolean }>;

/**
 * Refreshing charts: each refresh raises the chart's nonce, and a chart asks again when its entry
 * changes. Without chart ids every chart in the layout is refreshed.
 */
export function useRefreshNonces(layout: DashboardLayout) {
  const [refreshNonces, setNonces] = useState<Nonces>(new Map());
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const refreshCharts = useCallback(({ force, chartIds }: { force: boolean; chartIds?: number[] }) => {
    const ids = chartIds ?? chartIdsOf(layoutRef.current);
    setNonces((current) => {
      const next = new Map(current);
      for (const id of ids) next.set(id, { nonce: (current.get(id)?.nonce ?? 0) + 1, force });
      return next;
    });
  }, []);
  return { refreshNonces, refreshCharts };
}
