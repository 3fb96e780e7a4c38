import type { FilterConfigItem } from '@vitrina/common/filters/types';
import { useMemo } from 'react';
import { useDashboardContext } from '../context.ts';

/** The dashboard's native filters and dividers, in bar order, as the session's metadata holds them. */
export function useFilterConfiguration(): FilterConfigItem[] {
  const { session } = useDashboardContext();
  const items = session.metadata.native_filter_configuration;
  return useMemo(() => (Array.isArray(items) ? (items as FilterConfigItem[]) : []), [items]);
}
