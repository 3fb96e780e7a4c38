import { extraFormDataForChart, type MaskContext } from '@vitrina/common/filters/dataMask';
import type {
  ChartConfiguration,
  ExtraFormData,
  GlobalChartConfiguration,
} from '@vitrina/common/filters/types';
import { useMemo, useRef } from 'react';
import { useFeatureFlag } from '../../../api/featureFlags.ts';
import { useDashboardContext } from '../context.ts';
import { datasetIdOf } from '../view/chartQuery.ts';
import { useOptionalDataMask } from './dataMaskContext.tsx';
import { useFilterConfiguration } from './useFilterConfiguration.ts';

export interface ChartFilters {
  extraFormData: ExtraFormData;
  /** Native filter ids and cross-filtering chart ids whose masks reached the chart. */
  appliedFilterIds: string[];
  /** The extra form data as text: equal keys mean an equal query, so the chart does not re-query. */
  key: string;
}

const NONE: ChartFilters = { extraFormData: {}, appliedFilterIds: [], key: '{}' };

/** The applied masks (native filters and cross-filters) that reach the dashboard's charts. */
export function useMaskContext(): MaskContext | null {
  const { session, charts } = useDashboardContext();
  const masks = useOptionalDataMask();
  const filters = useFilterConfiguration();
  const crossFiltersFlag = useFeatureFlag('DASHBOARD_CROSS_FILTERS');
  const { metadata, layout } = session;
  const chartDatasets = useMemo(() => {
    const map: Record<number, number> = {};
    for (const chart of charts.values()) {
      const datasetId = datasetIdOf(chart.form_data);
      if (datasetId !== null) map[chart.id] = datasetId;
    }
    return map;
  }, [charts]);
  const dataMask = masks?.dataMask;
  return useMemo(
    () =>
      dataMask
        ? {
            filters,
            dataMask,
            layout,
            chartConfiguration: metadata.chart_configuration as ChartConfiguration | undefined,
            globalChartConfiguration: metadata.global_chart_configuration as
              | GlobalChartConfiguration
              | undefined,
            crossFiltersEnabled: crossFiltersFlag && metadata.cross_filters_enabled !== false,
            chartDatasets,
          }
        : null,
    [filters, dataMask, layout, metadata, crossFiltersFlag, chartDatasets],
  );
}

/**
 * One chart's share of the applied masks. The answer keeps its identity while the merged extra form
 * data stays the same, so a change to another filter's selection does not touch this chart.
 */
export function useChartFilters(chartId: number): ChartFilters {
  const context = useMaskContext();
  const last = useRef<ChartFilters>(NONE);
  return useMemo(() => {
    if (!context) return NONE;
    const { extraFormData, appliedFilterIds } = extraFormDataForChart(chartId, context);
    const key = JSON.stringify(extraFormData);
    const ids = appliedFilterIds.join(',');
    if (key !== last.current.key || ids !== last.current.appliedFilterIds.join(',')) {
      last.current = { extraFormData, appliedFilterIds, key };
    }
    return last.current;
  }, [chartId, context]);
}
