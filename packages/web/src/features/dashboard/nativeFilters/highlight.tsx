import { chartsInScope } from '@vitrina/common/filters/scope';
import type { FilterScope } from '@vitrina/common/filters/types';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useDashboardContext } from '../context.ts';

interface HighlightValue {
  /** The scope of the filter under the pointer in the filter bar, or null. */
  scope: FilterScope | null;
  setScope: (scope: FilterScope | null) => void;
}

const HighlightContext = createContext<HighlightValue | null>(null);

/** Which charts a filter affects, shown while the pointer rests on it in the filter bar. */
export function FilterHighlightProvider({ children }: { children: ReactNode }) {
  const [scope, setScope] = useState<FilterScope | null>(null);
  const value = useMemo(() => ({ scope, setScope }), [scope]);
  return <HighlightContext.Provider value={value}>{children}</HighlightContext.Provider>;
}

/** Handlers for a filter bar entry: hovering it highlights the charts in its scope. */
export function useHighlightScope(scope: FilterScope | undefined) {
  const setScope = useContext(HighlightContext)?.setScope;
  return useMemo(
    () => ({
      onMouseEnter: () => setScope?.(scope ?? null),
      onMouseLeave: () => setScope?.(null),
    }),
    [scope, setScope],
  );
}

/** Whether the chart is in the scope of the filter being hovered. */
export function useChartHighlighted(chartId: number): boolean {
  const scope = useContext(HighlightContext)?.scope ?? null;
  const { session } = useDashboardContext();
  const inScope = useMemo(
    () => (scope ? new Set(chartsInScope(session.layout, scope)) : null),
    [scope, session.layout],
  );
  return inScope?.has(chartId) ?? false;
}
