import {
  ColumnWidthOutlined,
  FileMarkdownOutlined,
  FolderOutlined,
  FontSizeOutlined,
  LineOutlined,
  MenuOutlined,
} from '@ant-design/icons';
import { chartIdsOf, type LayoutNodeType } from '@vitrina/common';
import { Flex, Input, List, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedCharts } from '../../../api/charts.ts';
import { ApiError, errorText } from '../../../api/errors.ts';
import { localizedName, relativeTimeText, useToasts } from '../../../components/index.ts';
import { chartTypeName } from '../../charts/index.ts';
import { useDashboardContext } from '../context.ts';
import { type Dragging, startDragging, stopDragging } from './dragState.ts';

const ELEMENTS: ReadonlyArray<{ type: LayoutNodeType; labelKey: string; icon: ReactNode }> = [
  { type: 'TABS', labelKey: 'dashboardEdit.palette.tabs', icon: <FolderOutlined /> },
  { type: 'ROW', labelKey: 'dashboardEdit.palette.row', icon: <MenuOutlined /> },
  { type: 'COLUMN', labelKey: 'dashboardEdit.palette.column', icon: <ColumnWidthOutlined /> },
  { type: 'HEADER', labelKey: 'dashboardEdit.palette.header', icon: <FontSizeOutlined /> },
  { type: 'MARKDOWN', labelKey: 'dashboardEdit.palette.markdown', icon: <FileMarkdownOutlined /> },
  { type: 'DIVIDER', labelKey: 'dashboardEdit.palette.divider', icon: <LineOutlined /> },
];

function DraggableCard({
  dragging,
  disabled,
  children,
  test,
}: {
  dragging: Dragging;
  disabled?: boolean;
  children: ReactNode;
  test: string;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drag source of pointer drag and drop, not a control
    <div
      className="dashboard-palette-card"
      data-test={test}
      data-type={dragging.type}
      draggable={!disabled}
      aria-disabled={disabled || undefined}
      onDragStart={(event) => startDragging(event, dragging)}
      onDragEnd={stopDragging}
      style={{
        padding: '8px 12px',
        border: '1px solid #d9d9d9',
        borderRadius: 4,
        background: '#ffffff',
        cursor: disabled ? 'not-allowed' : 'grab',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      {children}
    </div>
  );
}

function LayoutElements() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {ELEMENTS.map((element) => (
        <DraggableCard key={element.type} dragging={{ type: element.type }} test="palette-element">
          <Flex gap={8} align="center">
            {element.icon}
            {t(element.labelKey)}
          </Flex>
        </DraggableCard>
      ))}
    </Flex>
  );
}

/** The server's own reason for a failed fetch, if it gave one (not just a status text). */
function serverReason(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.messageKey ? undefined : error.message;
  return undefined;
}

/**
 * As Superset's slice adder: a failed fetch raises the danger toast 'Sorry there was an error fetching
 * saved charts: ' with the reason, and the palette keeps the server's reason, or 'Could not fetch all
 * saved charts' when it gave none, where the list would be.
 */
function useSavedChartsFailure(error: unknown): string | null {
  const { t } = useTranslation();
  const { addDangerToast } = useToasts();
  useEffect(() => {
    if (error) addDangerToast(t('dashboardEdit.palette.fetchChartsFailed', { reason: errorText(error, t) }));
  }, [error, addDangerToast, t]);
  if (!error) return null;
  return serverReason(error) ?? t('dashboardEdit.palette.couldNotFetchAll');
}

function ChartsList() {
  const { t, i18n } = useTranslation();
  const { session } = useDashboardContext();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const charts = useSavedCharts(deferredSearch);
  const failure = useSavedChartsFailure(charts.error);
  const placed = useMemo(() => new Set(chartIdsOf(session.layout)), [session.layout]);
  return (
    <Flex vertical gap={8}>
      <Input.Search
        allowClear
        placeholder={t('dashboardEdit.palette.searchCharts')}
        aria-label={t('dashboardEdit.palette.searchCharts')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {failure && (
        <Typography.Text type="danger" data-test="palette-charts-error">
          {failure}
        </Typography.Text>
      )}
      <List
        loading={charts.isPending}
        dataSource={charts.data?.result ?? []}
        locale={{ emptyText: t('dashboardEdit.palette.noCharts') }}
        split={false}
        renderItem={(chart) => {
          const added = placed.has(chart.id);
          const name = localizedName(chart.slice_name, chart.slice_name_ru, i18n.language);
          const owners = chart.owners
            .map((owner) => `${owner.first_name} ${owner.last_name}`.trim())
            .join(', ');
          return (
            <List.Item style={{ padding: '4px 0' }}>
              <div style={{ width: '100%' }}>
                <DraggableCard
                  test="palette-chart"
                  disabled={added}
                  dragging={{
                    type: 'CHART',
                    chartId: chart.id,
                    meta: { chartId: chart.id, sliceName: chart.slice_name },
                  }}
                >
                  <Flex vertical gap={2}>
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text strong ellipsis>
                        {name}
                      </Typography.Text>
                      {added && <Tag color="blue">{t('dashboardEdit.palette.added')}</Tag>}
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {chartTypeName(chart.viz_type, t)}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                      {t('dashboardEdit.palette.ownerModified', {
                        owners,
                        modified: relativeTimeText(
                          chart.changed_on_utc,
                          i18n.language,
                          chart.changed_on_delta_humanized,
                        ),
                      })}
                    </Typography.Text>
                  </Flex>
                </DraggableCard>
              </div>
            </List.Item>
          );
        }}
      />
    </Flex>
  );
}

/** The editor's side panel: layout elements and the user's charts, dragged onto the dashboard. */
export function Palette() {
  const { t } = useTranslation();
  return (
    // Sticky beside the canvas, so its elements stay in reach while the dashboard scrolls.
    <aside
      className="dashboard-palette"
      data-test="dashboard-palette"
      style={{
        width: 320,
        flex: 'none',
        position: 'sticky',
        top: 72,
        maxHeight: 'calc(100vh - 88px)',
        overflowY: 'auto',
      }}
    >
      <Tabs
        defaultActiveKey="charts"
        items={[
          { key: 'charts', label: t('dashboardEdit.palette.charts'), children: <ChartsList /> },
          { key: 'layout', label: t('dashboardEdit.palette.layoutElements'), children: <LayoutElements /> },
        ]}
      />
    </aside>
  );
}
