import type { ReactNode } from 'react';

/**
 * What other dashboard features add to the filter bar: cross-filter chips above the native filters,
 * the filter sets section below them.
 */
export interface FilterBarExtras {
  top?: ReactNode;
  bottom?: ReactNode;
}
