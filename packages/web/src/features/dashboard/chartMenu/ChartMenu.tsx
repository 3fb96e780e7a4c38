import { MoreOutlined } from '@ant-design/icons';
import type { FormData } from '@vitrina/common';
import { chartRegistry } from '@vitrina/common/viz/registry';
import { MAX_ROW_LIMIT } from '@vitrina/common/viz/shared/controls';
import {
  FULL_CSV_VIZ_TYPES,
  fullCsvContext,
  PIVOTABLE_VIZ_TYPES,
  pivotedCsvContext,
} from '@vitrina/common/viz/shared/exportContexts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/errors.ts';
import { downloadChartData, downloadChartFile } from '../../../api/explore.ts';
import { logEvent } from '../../../app/eventLog/index.ts';
import { chartFileName, copyText, localizedName, saveFile, useToasts } from '../../../components/index.ts';
import { chartElementSelector, downloadElementPng } from '../actions/downloads.ts';
import { chartExploreUrl } from '../actions/share.ts';
import { useDashboardContext } from '../context.ts';
import { supportsCrossFilters } from '../crossFilters/clickTarget.ts';
import { useCrossFiltersEnabled } from '../crossFilters/useChartCrossFilter.ts';
import {
  ChartDataModal,
  ChartTimingModal,
  DrillToDetailModal,
  ScopingModal,
  ViewQueryModal,
} from '../dialogs.ts';
import { chartAnchor } from '../permalink/permalinkState.ts';
import { useSharePermalink } from '../permalink/useSharePermalink.ts';
import { submenuArrow } from './SubmenuArrow.tsx';
import { chartTimingKey } from './timingKey.ts';
import type { ChartMenuProps } from './types.ts';
import { useCanDrill } from './useCanDrill.ts';

type ChartDialog = 'query' | 'table' | 'results' | 'timing' | 'drill' | 'scoping';

/**
 * A chart's "…" menu on the dashboard: force refresh, fullscreen, its query, data and timing, downloads,
 * share, drill to detail and explore; each item only where the permissions allow it.
 */
export function ChartMenu({
  chart,
  queryContext,
  queriesData,
  onForceRefresh,
  isFullscreen,
  onToggleFullscreen,
}: ChartMenuProps) {
  const { t, i18n } = useTranslation();
  const { permissions, session } = useDashboardContext();
  const crossFilters = useCrossFiltersEnabled() && supportsCrossFilters(chart.viz_type);
  const share = useSharePermalink();
  const { addSuccessToast, addDangerToast } = useToasts();
  const navigate = useNavigate();
  // The user's right and the chart type's drillToDetail behaviour.
  const canDrill = useCanDrill() && chartRegistry.hasBehavior(chart.viz_type, 'drillToDetail');
  const [dialog, setDialog] = useState<ChartDialog | null>(null);
  const name = localizedName(chart.slice_name, chart.slice_name_ru, i18n.language);
  const hasQuery = queryContext !== null;

  const exportData = async (format: 'csv' | 'xlsx' | 'pivoted_csv' | 'full_csv') => {
    if (!queryContext) return;
    logEvent(`export_${format}_dashboard_chart`, {
      slice_id: chart.id,
      target_id: chart.id,
      target_name: name,
    });
    try {
      const file =
        format === 'pivoted_csv'
          ? await downloadChartFile(pivotedCsvContext(queryContext, chart.form_data as FormData))
          : format === 'full_csv'
            ? await downloadChartFile(fullCsvContext(queryContext, MAX_ROW_LIMIT))
            : await downloadChartData(queryContext, format);
      saveFile(file.blob, file.fileName ?? chartFileName(name, format === 'xlsx' ? 'xlsx' : 'csv'));
    } catch (error) {
      // The spec's export failure: the reason and its code.
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : String(error);
      addDangerToast(t('dashboardActions.chart.exportFailed', { message, code: status }));
    }
  };

  const downloadImage = async () => {
    const element = document.querySelector<HTMLElement>(chartElementSelector(chart.id));
    try {
      if (!element) throw new Error('The chart is not drawn');
      logEvent('chart_download_as_image', { slice_id: chart.id, target_id: chart.id, target_name: name });
      await downloadElementPng(element, chartFileName(name, 'png'));
    } catch {
      addDangerToast(t('dashboardActions.chart.imageFailed'));
    }
  };

  const copyLink = async () => {
    if (await copyText(chartExploreUrl(chart.id, window.location.origin)))
      addSuccessToast(t('dashboardActions.menu.linkCopied'));
    else addDangerToast(t('dashboardActions.menu.copyFailed'));
  };

  const items: MenuProps['items'] = [
    { key: 'forceRefresh', label: t('dashboardActions.chart.forceRefresh') },
    {
      key: 'fullscreen',
      label: t(
        isFullscreen ? 'dashboardActions.chart.exitFullscreen' : 'dashboardActions.chart.enterFullscreen',
      ),
    },
    { type: 'divider' },
    ...(permissions.explore ? [{ key: 'editChart', label: t('dashboardActions.chart.editChart') }] : []),
    ...(permissions.viewQuery
      ? [{ key: 'viewQuery', label: t('dashboardActions.chart.viewQuery'), disabled: !hasQuery }]
      : []),
    { key: 'viewAsTable', label: t('dashboardActions.chart.viewAsTable'), disabled: !queriesData },
    { key: 'viewResults', label: t('dashboardActions.chart.viewResults'), disabled: !hasQuery },
    { key: 'timing', label: t('dashboardActions.chart.timing'), disabled: !queriesData },
    ...(canDrill
      ? [{ key: 'drill', label: t('dashboardActions.chart.drillToDetail'), disabled: !hasQuery }]
      : []),
    ...(crossFilters && permissions.edit
      ? [{ key: 'crossFilterScoping', label: t('crossFilters.scoping.menuItem') }]
      : []),
    ...(permissions.shareChart
      ? [
          {
            key: 'share',
            label: t('dashboardActions.chart.share'),
            children: [
              { key: 'copyLink', label: t('dashboardActions.chart.copyChartLink') },
              { key: 'copyPermalink', label: t('crossFilters.permalink.copyChartPermalink') },
              { key: 'sharePermalink', label: t('crossFilters.permalink.shareChartByEmail') },
            ],
          },
        ]
      : []),
    {
      key: 'download',
      label: t('dashboardActions.chart.download'),
      children: [
        ...(permissions.csv
          ? [
              { key: 'exportCsv', label: t('dashboardActions.chart.exportCsv'), disabled: !hasQuery },
              { key: 'exportXlsx', label: t('dashboardActions.chart.exportXlsx'), disabled: !hasQuery },
              ...(PIVOTABLE_VIZ_TYPES.includes(chart.viz_type)
                ? [
                    {
                      key: 'exportPivotCsv',
                      label: t('dashboardActions.chart.exportPivotCsv'),
                      disabled: !hasQuery,
                    },
                  ]
                : []),
              ...(FULL_CSV_VIZ_TYPES.includes(chart.viz_type)
                ? [
                    {
                      key: 'exportFullCsv',
                      label: t('dashboardActions.chart.exportFullCsv'),
                      disabled: !hasQuery,
                    },
                  ]
                : []),
            ]
          : []),
        { key: 'downloadImage', label: t('dashboardActions.chart.downloadImage') },
      ],
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    switch (key) {
      case 'forceRefresh':
        onForceRefresh();
        return;
      case 'fullscreen':
        onToggleFullscreen();
        return;
      case 'editChart':
        void navigate(`/explore/?slice_id=${chart.id}`);
        return;
      case 'viewQuery':
        setDialog('query');
        return;
      case 'viewAsTable':
        setDialog('table');
        return;
      case 'viewResults':
        setDialog('results');
        return;
      case 'timing':
        setDialog('timing');
        return;
      case 'drill':
        setDialog('drill');
        return;
      case 'copyLink':
        void copyLink();
        return;
      // A dashboard permalink that scrolls to this chart.
      case 'copyPermalink':
        void share.copyLink(chartAnchor(session.layout, chart.id));
        return;
      case 'sharePermalink':
        void share.shareByEmail(chartAnchor(session.layout, chart.id));
        return;
      case 'crossFilterScoping':
        setDialog('scoping');
        return;
      case 'exportCsv':
        void exportData('csv');
        return;
      case 'exportXlsx':
        void exportData('xlsx');
        return;
      case 'exportPivotCsv':
        void exportData('pivoted_csv');
        return;
      case 'exportFullCsv':
        void exportData('full_csv');
        return;
      case 'downloadImage':
        void downloadImage();
        return;
    }
  };

  const close = () => setDialog(null);
  return (
    <>
      <Dropdown
        menu={{ items, onClick, expandIcon: submenuArrow }}
        trigger={['click']}
        placement="bottomRight"
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('dashboardActions.chart.more')}
          data-testid="chart-menu"
        />
      </Dropdown>
      {dialog === 'query' && queryContext && <ViewQueryModal queryContext={queryContext} onClose={close} />}
      {(dialog === 'table' || dialog === 'results') && (
        <ChartDataModal
          title={name}
          source={dialog === 'table' ? 'shown' : 'results'}
          queryContext={queryContext}
          queriesData={queriesData}
          onClose={close}
        />
      )}
      {dialog === 'timing' && (
        <ChartTimingModal name={name} timingKey={chartTimingKey(chart.id)} onClose={close} />
      )}
      {dialog === 'scoping' && <ScopingModal chartId={chart.id} onClose={close} />}
      {dialog === 'drill' && queryContext && (
        <DrillToDetailModal chartName={name} queryContext={queryContext} onClose={close} />
      )}
    </>
  );
}
