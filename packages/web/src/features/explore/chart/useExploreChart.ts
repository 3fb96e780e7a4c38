import type { FormData, QueryContext } from '@vitrina/common';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useChartLoadLog } from '../../../app/eventLog/useChartLoadLog.ts';
import { useChartData } from '../../../viz/index.ts';
import type { ExploreState } from '../state/exploreReducer.ts';

export interface BuiltQuery {
  context: QueryContext | null;
  /** buildQuery threw (form data it cannot read); shown instead of the chart. */
  error: unknown;
}

/** The chart type's query context for form data, or why it could not be built. */
export function buildQueryContext(formData: FormData | null, force = false): BuiltQuery {
  if (!formData) return { context: null, error: null };
  try {
    const context = CHART_PLUGINS[formData.viz_type].buildQuery(formData);
    return { context: force ? { ...context, force: true } : context, error: null };
  } catch (error) {
    return { context: null, error };
  }
}

/**
 * The chart's data for the last Run: the query context of the last run's form data goes to
 * useChartData, which runs it, stops it and reports its status. Run with unchanged form data asks again.
 */
export function useExploreChart(state: ExploreState) {
  const built = useMemo(
    () => buildQueryContext(state.lastRunFormData, state.force),
    [state.lastRunFormData, state.force],
  );
  // The chart opened with, for the server's logs; a save must not re-run the chart.
  const [sliceId] = useState(state.slice?.id);
  const chart = useChartData(built.context, sliceId === undefined ? {} : { sliceId });
  useChartLoadLog(chart, {
    sliceId: sliceId ?? null,
    vizType: state.lastRunFormData?.viz_type ?? null,
    datasource: state.lastRunFormData?.datasource ?? null,
  });

  const refetch = useRef(chart.refetch);
  refetch.current = chart.refetch;
  const ran = useRef<{ runId: number; key: string | null }>({ runId: 0, key: null });
  const key = built.context ? JSON.stringify(built.context) : null;
  useEffect(() => {
    if (state.runId === ran.current.runId) return;
    // A changed context runs by itself in useChartData; an unchanged one needs asking.
    if (key !== null && key === ran.current.key) refetch.current(state.force);
    ran.current = { runId: state.runId, key };
  }, [state.runId, state.force, key]);

  return { chart, built };
}
