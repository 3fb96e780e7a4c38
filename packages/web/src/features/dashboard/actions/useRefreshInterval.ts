import { useEffect, useState } from 'react';
import { useDashboardContext } from '../context.ts';
import { useAutoRefresh } from './useAutoRefresh.ts';

/**
 * The auto-refresh interval in force: the dashboard's refresh_frequency until the person picks another.
 * A pick in edit mode goes into the metadata (saved with the dashboard); in view mode it lasts for the
 * visit. Charts are not refreshed while the dashboard is being edited.
 */
export function useRefreshInterval() {
  const { charts, session, dispatch, refreshCharts } = useDashboardContext();
  const stored = session.metadata.refresh_frequency ?? 0;
  const [seconds, setSeconds] = useState(stored);
  useEffect(() => setSeconds(stored), [stored]);

  useAutoRefresh(session.editing ? 0 : seconds, [...charts.keys()], session.metadata, refreshCharts);

  return {
    seconds,
    choose: (next: number) => {
      setSeconds(next);
      if (session.editing)
        dispatch({ type: 'setMetadata', metadata: { ...session.metadata, refresh_frequency: next } });
    },
  };
}
