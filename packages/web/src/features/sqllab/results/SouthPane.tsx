import { CloseOutlined, DeleteOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/index.ts';
import type { EditorState, EditorTab, QueryRun } from '../state/editorState.ts';
import { tabQueries } from '../state/editorState.ts';
import { formatElapsed } from './ElapsedTimer.tsx';
import { ResultSet } from './ResultSet.tsx';

interface SouthPaneProps {
  state: EditorState;
  tab: EditorTab;
  height: number;
  onSelect: (key: string) => void;
  onClosePreview: (tableId: string) => void;
  onOpenInNewTab: (query: QueryRun) => void;
  onRemoveQuery: (query: QueryRun) => void;
  onCreateDataset: (query: QueryRun) => void;
}

const STATE_COLORS: Record<string, string> = {
  success: 'green',
  failed: 'red',
  timed_out: 'red',
  stopped: 'orange',
  running: 'blue',
  pending: 'blue',
  fetching: 'blue',
  scheduled: 'blue',
  started: 'blue',
};

/** Results, the tab's query history, and one tab per table preview. */
export function SouthPane({
  state,
  tab,
  height,
  onSelect,
  onClosePreview,
  onOpenInNewTab,
  onRemoveQuery,
  onCreateDataset,
}: SouthPaneProps) {
  const { t, i18n } = useTranslation();
  const latest = tab.latestQueryId ? state.queries[tab.latestQueryId] : undefined;
  const history = tabQueries(state, tab.id);
  const previews = state.tables.filter((table) => table.tabId === tab.id && table.previewQueryId);
  const bodyHeight = Math.max(120, height - 56);

  const items = [
    {
      key: 'results',
      label: t('sqlLab.south.results'),
      children: <ResultSet query={latest} height={bodyHeight} onCreateDataset={onCreateDataset} />,
    },
    {
      key: 'history',
      label: t('sqlLab.south.history'),
      children:
        history.length === 0 ? (
          <Empty description={t('sqlLab.historyEmpty')} />
        ) : (
          <Table<QueryRun>
            size="small"
            rowKey="id"
            pagination={false}
            // Fixed layout: the SQL column takes what is left and cuts its text, so a long query
            // neither widens the table nor runs under the actions.
            tableLayout="fixed"
            scroll={{ y: bodyHeight - 40 }}
            dataSource={history}
            columns={[
              {
                key: 'state',
                width: 120,
                title: t('sqlLab.columns.state'),
                render: (_value, query) => (
                  <Tag color={STATE_COLORS[query.state]}>{t(`sqlLab.states.${query.state}`)}</Tag>
                ),
              },
              {
                key: 'started',
                width: 120,
                title: t('sqlLab.columns.started'),
                render: (_value, query) =>
                  formatDate(query.startDttm, i18n.language, { timeStyle: 'medium' }),
              },
              {
                key: 'duration',
                width: 110,
                title: t('sqlLab.columns.duration'),
                render: (_value, query) =>
                  query.endDttm ? formatElapsed(query.endDttm - query.startDttm) : '',
              },
              { key: 'rows', width: 80, title: t('sqlLab.columns.rows'), dataIndex: 'rows' },
              {
                key: 'sql',
                title: t('sqlLab.columns.sql'),
                render: (_value, query) => (
                  <Typography.Text
                    code
                    ellipsis
                    style={{ display: 'block', maxWidth: '100%' }}
                    title={query.sql}
                  >
                    {query.sql}
                  </Typography.Text>
                ),
              },
              {
                key: 'actions',
                width: 96,
                title: t('common.actions'),
                render: (_value, query) => (
                  <Space size={0}>
                    <Tooltip title={t('sqlLab.openInNewTab')}>
                      <Button
                        size="small"
                        type="text"
                        aria-label={t('sqlLab.openInNewTab')}
                        icon={<PlusSquareOutlined />}
                        onClick={() => onOpenInNewTab(query)}
                      />
                    </Tooltip>
                    <Tooltip title={t('sqlLab.removeFromHistory')}>
                      <Button
                        size="small"
                        type="text"
                        aria-label={t('sqlLab.removeFromHistory')}
                        icon={<DeleteOutlined />}
                        onClick={() => onRemoveQuery(query)}
                      />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
        ),
    },
    ...previews.map((table) => ({
      key: `preview:${table.id}`,
      label: (
        <span>
          {t('sqlLab.south.preview', { table: table.name })}{' '}
          <CloseOutlined
            aria-label={t('common.close')}
            onClick={(event) => {
              event.stopPropagation();
              onClosePreview(table.id);
            }}
          />
        </span>
      ),
      children: (
        <ResultSet
          query={table.previewQueryId ? state.queries[table.previewQueryId] : undefined}
          height={bodyHeight}
        />
      ),
    })),
  ];
  const activeKey = items.some((item) => item.key === tab.southTab) ? tab.southTab : 'results';
  return <Tabs size="small" activeKey={activeKey} onChange={onSelect} items={items} />;
}
