import type { DashboardChartDto } from '@vitrina/common';
import { reachesDataset } from '@vitrina/common/filters/dataMask';
import type { NativeFilter } from '@vitrina/common/filters/types';
import { useMemo } from 'react';
import { useDashboardContext } from '../../context.ts';
import { datasetIdOf } from '../../view/chartQuery.ts';

/** Chart id → the id of the dataset it queries (charts of other datasource kinds are left out). */
export function chartDatasetsOf(charts: Iterable<DashboardChartDto>): ReadonlyMap<number, number> {
  const map = new Map<number, number>();
  for (const chart of charts) {
    const datasetId = datasetIdOf(chart.form_data);
    if (datasetId !== null) map.set(chart.id, datasetId);
  }
  return map;
}

/** The dashboard's charts' datasets. */
export function useChartDatasets(): ReadonlyMap<number, number> {
  const { charts } = useDashboardContext();
  return useMemo(() => chartDatasetsOf(charts.values()), [charts]);
}

/** Whether the filter reaches a chart's dataset (true when the chart's dataset is unknown). */
export function reachesChart(
  filter: NativeFilter,
  chartDatasets: ReadonlyMap<number, number>,
  chartId: number,
): boolean {
  return reachesDataset(filter, chartDatasets.get(chartId));
}

/** The datasets of the dashboard's charts other than `ownDatasetId`, each with its charts, in chart order. */
export function otherDatasets(
  chartDatasets: ReadonlyMap<number, number>,
  ownDatasetId: number | undefined,
): { datasetId: number; chartIds: number[] }[] {
  const groups = new Map<number, number[]>();
  for (const [chartId, datasetId] of chartDatasets) {
    if (datasetId === ownDatasetId) continue;
    groups.set(datasetId, [...(groups.get(datasetId) ?? []), chartId]);
  }
  return [...groups].map(([datasetId, chartIds]) => ({ datasetId, chartIds }));
}
