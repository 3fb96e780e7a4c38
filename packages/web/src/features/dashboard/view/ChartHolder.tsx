import { type DashboardChartDto, GRID_BASE_UNIT, GRID_DEFAULT_CHART_HEIGHT } from '@vitrina/common';
import { Alert, Flex, Spin, Typography } from 'antd';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartLoadLog } from '../../../app/eventLog/useChartLoadLog.ts';
import { localizedName } from '../../../components/index.ts';
import { ChartFrame, useRecordChartTiming } from '../../../viz/index.ts';
import { ChartMenu, chartTimingKey } from '../chartMenu/index.ts';
import { useDashboardContext } from '../context.ts';
import { useChartCrossFilter } from '../crossFilters/useChartCrossFilter.ts';
import { EditableFrame } from '../edit/EditableFrame.tsx';
import { AppliedFiltersBadge } from '../nativeFilters/AppliedFiltersBadge.tsx';
import { useChartHighlighted } from '../nativeFilters/highlight.tsx';
import { useCanvas } from './canvasContext.ts';
import type { NodeViewProps } from './nodeProps.ts';
import { chartColouring } from './sharedLabelColors.ts';
import { useDashboardChart } from './useDashboardChart.ts';

const TITLE_HEIGHT = 32;

/** A chart on the dashboard: its title in the UI language, its menu, and the chart at the node's height. */
export function ChartHolder(props: NodeViewProps) {
  const { node } = props;
  const { t } = useTranslation();
  const { charts } = useDashboardContext();
  const canvas = useCanvas();
  const chartId = node.meta.chartId;
  const chart =
    typeof chartId === 'number' ? (charts.get(chartId) ?? canvas.addedCharts.get(chartId)) : undefined;
  const height = (node.meta.height ?? GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
  return (
    <EditableFrame {...props}>
      {chart ? (
        <LoadedChart chart={chart} height={height} />
      ) : (
        <div
          data-test="chart-container"
          data-chart-status="failed"
          data-chart-id={chartId}
          style={{ height }}
        >
          <Alert
            type="warning"
            showIcon
            title={t('dashboard.chartMissing', { name: node.meta.sliceName ?? chartId })}
          />
        </div>
      )}
    </EditableFrame>
  );
}

function LoadedChart({ chart, height }: { chart: DashboardChartDto; height: number }) {
  const { i18n } = useTranslation();
  const { session, refreshCharts } = useDashboardContext();
  const canvas = useCanvas();
  const view = useDashboardChart(chart, canvas.forceFirstLoad);
  // "rendered" only once the chart can be seen and clicked: not while its ECharts parts download.
  const [drawingPending, setDrawingPending] = useState(false);
  const status = view.status === 'rendered' && drawingPending ? 'loading' : view.status;
  useChartLoadLog(view.data, {
    sliceId: chart.id,
    vizType: chart.viz_type,
    datasource: view.datasource ? `${view.datasource.id}__${view.datasource.type}` : null,
  });
  const crossFilter = useChartCrossFilter(chart.id, {
    formData: view.formData,
    datasource: view.datasource,
    queriesData: view.data.queriesData,
  });
  const box = useRef<HTMLDivElement>(null);
  const focused = canvas.focusedChartId === chart.id;
  const fullscreen = canvas.fullscreenChartId === chart.id;
  const highlighted = useChartHighlighted(chart.id);
  const title = localizedName(chart.slice_name, chart.slice_name_ru, i18n.language);
  useRecordChartTiming(chartTimingKey(chart.id), view.data.queriesData, view.data.answered, box);

  useEffect(() => {
    if (focused) box.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [focused]);
  // A new drawing (new data) notes its own labels: the attribute below shows what is drawn now.
  const queriesData = view.data.queriesData;
  const colouring = useMemo(
    () => chartColouring(canvas.labelColors, chart.id, queriesData),
    [canvas.labelColors, chart.id, queriesData],
  );
  // The colours this chart drew its labels in, for whoever checks the page (journeys, screenshots).
  useEffect(() => {
    if (box.current) box.current.dataset.labelColors = JSON.stringify(colouring.drawn);
  });

  const style: CSSProperties = fullscreen
    ? { position: 'fixed', inset: 0, zIndex: 1000, background: '#ffffff', padding: 16 }
    : {
        height,
        background: '#ffffff',
        padding: 8,
        boxShadow: focused || highlighted ? '0 0 0 2px #1677ff' : undefined,
        borderRadius: 4,
      };
  const chartHeight = fullscreen
    ? `calc(100vh - ${TITLE_HEIGHT + 32}px)`
    : Math.max(0, height - TITLE_HEIGHT - 16);

  return (
    <div
      ref={box}
      className="dashboard-chart"
      data-test="chart-container"
      data-chart-id={chart.id}
      data-chart-status={status}
      data-focused={focused || undefined}
      data-filter-highlighted={highlighted || undefined}
      style={style}
    >
      <Flex align="center" justify="space-between" style={{ height: TITLE_HEIGHT }} gap={8}>
        <Typography.Text strong ellipsis data-test="chart-title" title={chart.description ?? title}>
          {title}
        </Typography.Text>
        {!session.editing && (
          <AppliedFiltersBadge filters={view.filters} queriesData={view.data.queriesData} />
        )}
        {!canvas.hideChartControls && !session.editing && (
          <ChartMenu
            chart={chart}
            queryContext={view.queryContext}
            queriesData={view.data.queriesData}
            onForceRefresh={() => refreshCharts({ force: true, chartIds: [chart.id] })}
            isFullscreen={fullscreen}
            onToggleFullscreen={() => canvas.setFullscreenChartId(fullscreen ? null : chart.id)}
          />
        )}
      </Flex>
      {view.setupError ? (
        <Alert
          type="error"
          showIcon
          title={view.setupError.message}
          style={{ height: chartHeight, overflow: 'auto' }}
        />
      ) : view.formData && view.datasource ? (
        <ChartFrame
          status={view.data.status}
          vizType={view.formData.viz_type}
          formData={view.formData}
          datasource={view.datasource}
          queriesData={view.data.queriesData}
          failure={view.data.failure}
          height={chartHeight}
          labelColors={colouring.labelColors}
          onDrawingPending={setDrawingPending}
          {...crossFilter}
        />
      ) : (
        <Flex align="center" justify="center" style={{ height: chartHeight }}>
          <Spin />
        </Flex>
      )}
    </div>
  );
}
