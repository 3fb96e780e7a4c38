import { type DataMaskMap, isCrossFilterActive, isCrossFilterKey } from '@vitrina/common';
import { selectedOf } from './selection.ts';

/** One applied cross-filter as the filter bar lists it. */
export interface CrossFilterEntry {
  chartId: number;
  column: string;
  label: string;
}

/** The applied cross-filters (masks keyed by a chart id with a selection), in chart order of the map. */
export function crossFilterEntries(dataMask: DataMaskMap): CrossFilterEntry[] {
  const entries: CrossFilterEntry[] = [];
  for (const [key, mask] of Object.entries(dataMask)) {
    if (!isCrossFilterKey(key) || !isCrossFilterActive(mask)) continue;
    const selected = selectedOf(mask);
    if (!selected) continue;
    const label =
      typeof mask.filterState?.label === 'string'
        ? mask.filterState.label
        : selected.tuples.map((tuple) => tuple.map((value) => String(value)).join(', ')).join('; ');
    entries.push({ chartId: Number(key), column: selected.columns.join(', '), label });
  }
  return entries;
}
