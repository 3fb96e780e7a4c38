import type { ExploreDataset } from '@vitrina/common';
import { useMemo } from 'react';
import { useExplore } from '../../../../api/explore.ts';

/** The filter's target dataset as explore describes it (columns, metrics, time columns). */
export function useFilterDataset(datasetId: number | undefined): ExploreDataset | null {
  const params = useMemo(
    () =>
      datasetId === undefined
        ? null
        : new URLSearchParams({ datasource_id: String(datasetId), datasource_type: 'table' }),
    [datasetId],
  );
  return useExplore(params).data?.dataset ?? null;
}
