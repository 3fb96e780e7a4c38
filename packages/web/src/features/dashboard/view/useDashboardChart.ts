import type { DashboardChartDto, DatasourceMeta, FormData, QueryContext } from '@vitrina/common';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardDatasets } from '../../../api/dashboards.ts';
import { useDataset } from '../../../api/datasets.ts';
import { type ChartData, toDatasourceMeta, useChartData } from '../../../viz/index.ts';
import { useDashboardContext } from '../context.ts';
import { type ChartFilters, useChartFilters } from '../nativeFilters/useChartFilters.ts';
import { buildChartQuery, dashboardFormData, datasetIdOf } from './chartQuery.ts';

/** The chart container's status as the benchmark and the journeys read it. */
export type ContainerStatus = 'loading' | 'rendered' | 'failed';

export interface DashboardChartView {
  formData: FormData | null;
  datasource: DatasourceMeta | null;
  queryContext: QueryContext | null;
  data: ChartData;
  /** Why the chart cannot be drawn before any query (unknown type, dataset or buildQuery failure). */
  setupError: Error | null;
  status: ContainerStatus;
  /** The filters and cross-filters merged into the chart's query. */
  filters: ChartFilters;
}

function containerStatus(data: ChartData, setupError: Error | null, ready: boolean): ContainerStatus {
  if (setupError) return 'failed';
  if (!ready) return 'loading';
  if (data.status === 'success' || data.status === 'rendered') return 'rendered';
  if (data.status === 'failed' || data.status === 'stopped') return 'failed';
  return 'loading';
}

/**
 * One chart of the dashboard: its form data (with the dashboard's colour scheme), dataset, query
 * context and data; it asks again whenever the page refreshes it.
 */
export function useDashboardChart(chart: DashboardChartDto, forceFirstLoad: boolean): DashboardChartView {
  const { dashboard, charts, session, refreshNonces } = useDashboardContext();
  const { i18n } = useTranslation();
  const filters = useChartFilters(chart.id);
  const formData = useMemo(
    () => dashboardFormData(chart.form_data, session.metadata.color_scheme, filters.extraFormData),
    [chart.form_data, session.metadata.color_scheme, filters.extraFormData],
  );
  const datasetId = datasetIdOf(chart.form_data) ?? undefined;
  // The dashboard's own datasets, which whoever sees the dashboard may read; a chart added in this edit
  // session may use another, read through the dataset API as its editor may.
  const dashboardDatasets = useDashboardDatasets(dashboard.id);
  const fromDashboard = dashboardDatasets.data?.find((each) => each.id === datasetId);
  const dataset = useDataset(!dashboardDatasets.isPending && !fromDashboard ? datasetId : undefined);
  const datasetData = fromDashboard ?? dataset.data;
  const datasource = useMemo(
    () => (datasetData ? toDatasourceMeta(datasetData, i18n.language) : null),
    [datasetData, i18n.language],
  );
  // Only the first load takes the page's `force`; later refreshes say their own through refetch.
  const [firstForce] = useState(forceFirstLoad);
  const built = useMemo(
    () => (formData ? buildChartQuery(formData, firstForce) : null),
    [formData, firstForce],
  );
  // The query starts without waiting for the dataset, which only drawing needs.
  const queryContext = built?.ok ? built.context : null;
  // A chart added in this edit session is not on the saved dashboard yet, so the server would refuse
  // it as the dashboard's; until the save it asks as a chart of its own. A saved one gives its filters
  // in scope, from which the server builds the query from the saved chart.
  const onSavedDashboard = charts.has(chart.id);
  const data = useChartData(
    queryContext,
    onSavedDashboard
      ? { sliceId: chart.id, dashboardId: dashboard.id, extraFormData: filters.extraFormData }
      : {},
  );

  const refresh = refreshNonces.get(chart.id);
  const seenNonce = useRef(refresh?.nonce);
  const refetch = useRef(data.refetch);
  refetch.current = data.refetch;
  useEffect(() => {
    if (!refresh || refresh.nonce === seenNonce.current) return;
    seenNonce.current = refresh.nonce;
    refetch.current(refresh.force);
  }, [refresh]);

  const setupError = !formData
    ? new Error(`Unknown chart type: ${chart.viz_type}`)
    : built && !built.ok
      ? built.error
      : datasetId === undefined
        ? new Error('The chart has no dataset')
        : fromDashboard
          ? null
          : dataset.error;
  return {
    formData,
    datasource,
    queryContext,
    data,
    setupError,
    filters,
    status: containerStatus(data, setupError, queryContext !== null && datasource !== null),
  };
}
