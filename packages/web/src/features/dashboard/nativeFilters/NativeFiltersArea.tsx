import { type ReactNode, useState } from 'react';
import { useDashboardContext } from '../context.ts';
import { FilterConfigModal } from '../dialogs.ts';
import { FilterBarLayout } from './bar/FilterBar.tsx';
import type { FilterBarExtras } from './bar/types.ts';
import { FilterHighlightProvider } from './highlight.tsx';
import { useFilterConfiguration } from './useFilterConfiguration.ts';

interface NativeFiltersAreaProps {
  children: ReactNode;
  /** Cross-filter chips and filter sets, shown in the bar (see FilterBarExtras). */
  extras?: FilterBarExtras;
}

/**
 * The dashboard's native filters around its charts: the filter bar (hidden while the layout is edited)
 * and, for editors, the filter configuration modal.
 */
export function NativeFiltersArea({ children, extras }: NativeFiltersAreaProps) {
  const { session, permissions, standalone, filterBarParams } = useDashboardContext();
  const filters = useFilterConfiguration();
  const [configOpen, setConfigOpen] = useState(false);
  const hasExtras = Boolean(extras?.top || extras?.bottom);
  const visible =
    !session.editing &&
    standalone !== 3 &&
    filterBarParams?.show !== false &&
    (filters.length > 0 || permissions.edit || hasExtras);
  return (
    <FilterHighlightProvider>
      <FilterBarLayout
        visible={visible}
        extras={extras}
        onSettings={permissions.edit ? () => setConfigOpen(true) : null}
      >
        {children}
      </FilterBarLayout>
      {configOpen && <FilterConfigModal onClose={() => setConfigOpen(false)} />}
    </FilterHighlightProvider>
  );
}
