import type {
  ChartPlugin,
  ControlPanelConfig,
  DatasourceMeta,
  ExploreDataset,
  FormData,
  QueryContext,
} from '@vitrina/common';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';
import { MAX_ROW_LIMIT } from '@vitrina/common/viz/shared/controls';
import {
  FULL_CSV_VIZ_TYPES,
  fullCsvContext,
  PIVOTABLE_VIZ_TYPES,
  pivotedCsvContext,
} from '@vitrina/common/viz/shared/exportContexts';
import { Alert, Empty, Flex } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../api/errors.ts';
import { createExplorePermalink, downloadChartData, downloadChartFile } from '../../../api/explore.ts';
import { logEvent } from '../../../app/eventLog/index.ts';
import { chartFileName, copyText, ErrorBox, saveFile, useToasts } from '../../../components/index.ts';
import { ChartFrame, ChartTimingModal, fetchChartData, useRecordChartTiming } from '../../../viz/index.ts';
import { useReportMenu } from '../../reports/index.ts';
import type { ExplorePermissions } from '../permissions.ts';
import {
  type ExploreAction,
  type ExploreState,
  isChartStale,
  renderedFormData,
} from '../state/exploreReducer.ts';
import { type ControlErrors, failingControls, hasControlErrors } from '../state/validation.ts';
import { type ChartAction, ChartHeader } from './ChartHeader.tsx';
import { chartImageDataUrl } from './chartImage.ts';
import { DataPane, type DataTab } from './DataPane.tsx';
import { buildQueryContext, useExploreChart } from './useExploreChart.ts';
import { ViewQueryModal } from './ViewQueryModal.tsx';

const CHART_HEIGHT = 460;
/** Explore's one chart in the timing store (viz/chartTimings.ts). */
const TIMING_KEY = 'explore-chart';
const CHART_HEIGHT_WITH_DATA = 320;

interface ChartPaneProps {
  state: ExploreState;
  dispatch: (action: ExploreAction) => void;
  plugin: ChartPlugin;
  panel: ControlPanelConfig;
  errors: ControlErrors;
  dataset: ExploreDataset;
  datasource: DatasourceMeta;
  permissions: ExplorePermissions;
  displayName: string;
  /** Shown above the chart (an unknown chart type, the server's message). */
  notices: ReactNode;
  onSave: () => void;
  onEditProperties: () => void;
}

/** The right column of explore: the header, what stands between the controls and the chart, the chart, its data. */
export function ChartPane({
  state,
  dispatch,
  plugin,
  panel,
  errors,
  dataset,
  datasource,
  permissions,
  displayName,
  notices,
  onSave,
  onEditProperties,
}: ChartPaneProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { addDangerToast, addSuccessToast } = useToasts();
  const { chart, built } = useExploreChart(state);
  const [dataTab, setDataTab] = useState<DataTab | null>(null);
  const [queryShown, setQueryShown] = useState<QueryContext | null>(null);
  const [timingShown, setTimingShown] = useState(false);
  const chartBox = useRef<HTMLDivElement>(null);
  useRecordChartTiming(TIMING_KEY, chart.queriesData, chart.answered, chartBox);

  const blocked = hasControlErrors(errors);
  const stale = isChartStale(state, panel);
  // One object per distinct drawn form data, so typing in a query control does not redraw the chart.
  const renderedJson = JSON.stringify(renderedFormData(state, panel));
  const rendered = useMemo(() => JSON.parse(renderedJson) as FormData | null, [renderedJson]);
  const loading = chart.status === 'loading';
  const failing = failingControls(errors, panel);
  const drawnType = rendered ? CHART_PLUGINS[rendered.viz_type] : plugin;
  // Only a saved chart can have a report: it is sent from the stored chart, not this draft.
  const reportMenu = useReportMenu(
    state.slice ? { kind: 'chart', id: state.slice.id } : undefined,
    state.sliceName || displayName,
  );

  const run = (force = false) => {
    if (!blocked) dispatch({ type: 'run', force });
  };

  // Ctrl / Cmd + Enter runs from anywhere on the screen, as in Superset.
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) runRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const download = async (format: 'csv' | 'xlsx' | 'pivoted_csv' | 'full_csv') => {
    const formData = state.lastRunFormData ?? state.formData;
    const { context, error } = buildQueryContext(formData);
    if (!context) {
      addDangerToast(errorText(error, t));
      return;
    }
    logEvent(`chart_download_as_${format}`, { slice_id: state.slice?.id ?? 0 });
    try {
      const file =
        format === 'pivoted_csv'
          ? await downloadChartFile(pivotedCsvContext(context, formData))
          : format === 'full_csv'
            ? await downloadChartFile(fullCsvContext(context, MAX_ROW_LIMIT))
            : await downloadChartData(context, format);
      const extension = format === 'xlsx' ? 'xlsx' : 'csv';
      saveFile(file.blob, file.fileName ?? chartFileName(state.sliceName || dataset.table_name, extension));
    } catch (failure) {
      addDangerToast(errorText(failure, t));
    }
  };

  const share = async () => {
    try {
      const { url } = await createExplorePermalink(state.formData);
      const absolute = new URL(url, window.location.origin).toString();
      if (await copyText(absolute)) addSuccessToast(t('copy.copied'));
      else addDangerToast(t('copy.unsupported'));
    } catch (failure) {
      addDangerToast(errorText(failure, t));
    }
  };

  // Superset's "Run in SQL Lab": the chart's compiled SQL opened in a new SQL Lab tab on its dataset.
  const runInSqlLab = async () => {
    const formData = state.lastRunFormData ?? state.formData;
    const { context, error } = buildQueryContext(formData);
    if (!context) {
      addDangerToast(errorText(error, t));
      return;
    }
    try {
      const [first] = await fetchChartData({ ...context, result_type: 'query' });
      if (typeof first?.query !== 'string') throw new Error('no query');
      void navigate('/sqllab/', {
        state: { requestedQuery: { datasourceKey: formData.datasource, sql: first.query } },
      });
    } catch {
      addDangerToast(t('sqlLab.toasts.sqlLoadFailed'));
    }
  };

  const onAction = (action: ChartAction) => {
    switch (action) {
      case 'viewQuery': {
        const { context, error } = buildQueryContext(state.formData);
        if (context) setQueryShown(context);
        else addDangerToast(errorText(error, t));
        return;
      }
      case 'runInSqlLab':
        void runInSqlLab();
        return;
      case 'viewResults':
        setDataTab('results');
        return;
      case 'samples':
        setDataTab('samples');
        return;
      case 'timing':
        setTimingShown(true);
        return;
      case 'downloadCsv':
        void download('csv');
        return;
      case 'downloadXlsx':
        void download('xlsx');
        return;
      case 'downloadPivotCsv':
        void download('pivoted_csv');
        return;
      case 'downloadFullCsv':
        void download('full_csv');
        return;
      case 'downloadImage': {
        const image = chartImageDataUrl(chartBox.current);
        if (image) {
          logEvent('chart_download_as_image', { slice_id: state.slice?.id ?? 0 });
          saveFile(image, chartFileName(state.sliceName || dataset.table_name, 'png'));
        } else addDangerToast(t('explore.actions.imageUnavailable'));
        return;
      }
      case 'share':
        void share();
        return;
      case 'editProperties':
        onEditProperties();
        return;
    }
  };

  const disabledActions = new Set<ChartAction>();
  if (!(chart.status === 'success' && drawnType.metadata.renderer === 'echarts'))
    disabledActions.add('downloadImage');
  if (!chart.answered) disabledActions.add('timing');
  if (!state.lastRunFormData && blocked) {
    disabledActions.add('downloadCsv');
    disabledActions.add('downloadXlsx');
    disabledActions.add('downloadPivotCsv');
    disabledActions.add('downloadFullCsv');
  }
  const hiddenActions = new Set<ChartAction>();
  if (!permissions.canDownload) {
    hiddenActions.add('downloadCsv');
    hiddenActions.add('downloadXlsx');
  }
  // As Superset's menus: the pivoted CSV for the pivot table, the full CSV for the table.
  const drawnVizType = (state.lastRunFormData ?? state.formData).viz_type;
  if (!permissions.canDownload || !PIVOTABLE_VIZ_TYPES.includes(drawnVizType))
    hiddenActions.add('downloadPivotCsv');
  if (!permissions.canDownload || !FULL_CSV_VIZ_TYPES.includes(drawnVizType))
    hiddenActions.add('downloadFullCsv');
  if (!state.slice || !permissions.canOverwrite) hiddenActions.add('editProperties');
  if (!permissions.canSqlLab) hiddenActions.add('runInSqlLab');

  return (
    <Flex vertical gap={8} style={{ minWidth: 0, height: '100%' }}>
      <ChartHeader
        sliceName={state.sliceName}
        displayName={displayName}
        onRename={(sliceName) => dispatch({ type: 'setSliceName', sliceName })}
        loading={loading}
        runBlockedReason={blocked ? t('explore.chart.fixControls') : undefined}
        onRun={() => run()}
        onStop={chart.stop}
        canSave={permissions.canAdd}
        onSave={onSave}
        disabledActions={disabledActions}
        hiddenActions={hiddenActions}
        onAction={onAction}
        reportMenu={reportMenu}
      />
      {reportMenu.modals}
      {notices}
      {blocked && (
        <Alert
          type="warning"
          showIcon
          title={t('explore.chart.requiredControls')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {failing.map(({ control, messages }) => (
                <li key={control.name}>
                  {t(control.labelKey)}:{' '}
                  {messages.map((message) => t(message.key, message.params)).join(', ')}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {stale && !blocked && <Alert type="info" showIcon role="status" title={t('explore.chart.changed')} />}
      <div ref={chartBox} style={{ minWidth: 0 }}>
        {built.error ? (
          <ErrorBox error={built.error} />
        ) : rendered ? (
          <ChartFrame
            status={chart.status}
            vizType={rendered.viz_type}
            formData={rendered}
            datasource={datasource}
            queriesData={chart.queriesData}
            failure={chart.failure}
            height={dataTab ? CHART_HEIGHT_WITH_DATA : CHART_HEIGHT}
          />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ height: dataTab ? CHART_HEIGHT_WITH_DATA : CHART_HEIGHT }}
          >
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={blocked ? t('explore.chart.addRequired') : t('explore.chart.notRun')}
            />
          </Flex>
        )}
      </div>
      {dataTab && (
        <DataPane
          tab={dataTab}
          onTabChange={setDataTab}
          onClose={() => setDataTab(null)}
          queryContext={buildQueryContext(state.lastRunFormData).context}
          dataset={dataset}
          datasource={datasource}
        />
      )}
      {queryShown && <ViewQueryModal queryContext={queryShown} onClose={() => setQueryShown(null)} />}
      {timingShown && (
        <ChartTimingModal
          name={state.sliceName || displayName || dataset.table_name}
          timingKey={TIMING_KEY}
          onClose={() => setTimingShown(false)}
        />
      )}
    </Flex>
  );
}
