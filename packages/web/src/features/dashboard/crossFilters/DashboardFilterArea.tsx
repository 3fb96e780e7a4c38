import type { ReactNode } from 'react';
import { useDashboardContext } from '../context.ts';
import { FilterSetsPanel } from '../filterSets/FilterSetsPanel.tsx';
import { useOptionalDataMask } from '../nativeFilters/dataMaskContext.tsx';
import { NativeFiltersArea } from '../nativeFilters/NativeFiltersArea.tsx';
import { useFilterConfiguration } from '../nativeFilters/useFilterConfiguration.ts';
import { CrossFilterChips } from './CrossFilterChips.tsx';
import { crossFilterEntries } from './crossFilterEntries.ts';
import { useCrossFiltersEnabled } from './useChartCrossFilter.ts';

/**
 * The native filters' area with this feature's parts in its bar: the cross-filters above the
 * filters (while any is applied, or for editors, who set the global scoping there) and the filter
 * sets below them (when the dashboard has native filters).
 */
export function DashboardFilterArea({ children }: { children: ReactNode }) {
  const { permissions } = useDashboardContext();
  const masks = useOptionalDataMask();
  const filters = useFilterConfiguration();
  const enabled = useCrossFiltersEnabled();
  const hasCrossFilters = masks ? crossFilterEntries(masks.dataMask).length > 0 : false;
  const hasNativeFilters = filters.some((filter) => filter.type === 'NATIVE_FILTER');
  const extras = {
    ...(enabled && (hasCrossFilters || permissions.edit) ? { top: <CrossFilterChips /> } : {}),
    ...(hasNativeFilters ? { bottom: <FilterSetsPanel /> } : {}),
  };
  return <NativeFiltersArea extras={extras}>{children}</NativeFiltersArea>;
}
