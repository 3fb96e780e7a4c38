import { CopyOutlined, DownloadOutlined, TableOutlined } from '@ant-design/icons';
import { RUNNING_QUERY_STATES } from '@vitrina/common';
import { Alert, Button, Empty, Flex, Progress, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { exportCsvUrl } from '../../../api/sqllab.ts';
import { copyText, ErrorBox, useToasts } from '../../../components/index.ts';
import { limitWarning } from '../limitWarning.ts';
import type { QueryRun } from '../state/editorState.ts';
import { ElapsedTimer } from './ElapsedTimer.tsx';
import { cellText, ResultsGrid } from './ResultsGrid.tsx';

interface ResultSetProps {
  query: QueryRun | undefined;
  height: number;
  /** Offered only for the tab's own results, not previews. */
  onCreateDataset?: (query: QueryRun) => void;
  creatingDataset?: boolean;
}

/** Tab-separated text of the results, for the clipboard. */
export function resultsAsText(columns: string[], rows: Array<Record<string, unknown>>): string {
  return [
    columns.join('\t'),
    ...rows.map((row) => columns.map((column) => cellText(row[column])).join('\t')),
  ].join('\n');
}

/** One query's outcome: a spinner while it runs, its error, 'stopped', or its rows. */
export function ResultSet({ query, height, onCreateDataset, creatingDataset }: ResultSetProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  if (!query) return <Empty description={t('sqlLab.results.none')} />;
  if (RUNNING_QUERY_STATES.includes(query.state)) {
    return (
      <Flex vertical align="center" gap={8} style={{ padding: 24 }} data-testid="sqllab-running">
        <Spin />
        <Typography.Text>
          {t(`sqlLab.states.${query.state}`)} <ElapsedTimer start={query.startDttm} end={null} />
        </Typography.Text>
        {query.runAsync && <Progress percent={0} size="small" style={{ width: 200 }} status="active" />}
      </Flex>
    );
  }
  if (query.state === 'failed' || query.state === 'timed_out') {
    const message = query.errorMessage ?? t('sqlLab.toasts.unknownError');
    // A typed failure goes to its error type's component, which explains it in the reader's language.
    return query.errorType ? (
      <ErrorBox error={new ApiError({ status: 400, serverMessage: message, errorType: query.errorType })} />
    ) : (
      <ErrorBox message={message} />
    );
  }
  if (query.state === 'stopped') return <Alert type="warning" showIcon title={t('sqlLab.results.stopped')} />;
  if (query.ctas) {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="sqllab-ctas-created"
        title={t(query.ctas.method === 'VIEW' ? 'sqlLab.ctas.viewCreated' : 'sqlLab.ctas.tableCreated', {
          name: query.ctas.tableName,
        })}
      />
    );
  }
  const results = query.results;
  if (!results) return <Empty description={t('sqlLab.results.none')} />;
  const columns = (results.columns ?? []).map((column) => column.column_name ?? column.name);
  const rows = results.data ?? [];
  const warning = limitWarning({
    rows: rows.length,
    limitingFactor: query.limitingFactor,
    displayLimitReached: Boolean(results.displayLimitReached),
  });

  const copy = async () => {
    if (await copyText(resultsAsText(columns, rows))) toasts.addSuccessToast(t('sqlLab.results.copied'));
  };

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex gap={8} wrap>
          {onCreateDataset && (
            <Button
              size="small"
              icon={<TableOutlined />}
              loading={creatingDataset}
              onClick={() => onCreateDataset(query)}
            >
              {t('sqlLab.results.createDataset')}
            </Button>
          )}
          <Button size="small" icon={<DownloadOutlined />} href={exportCsvUrl(query.id)} download>
            {t('sqlLab.results.download')}
          </Button>
          <Button size="small" icon={<CopyOutlined />} onClick={copy}>
            {t('sqlLab.results.copy')}
          </Button>
        </Flex>
        <Typography.Text type="secondary" data-testid="sqllab-row-count">
          {t('sqlLab.results.rowsReturned', { rows: rows.length })}
          {query.endDttm !== null && (
            <>
              {' · '}
              <ElapsedTimer start={query.startDttm} end={query.endDttm} />
            </>
          )}
        </Typography.Text>
      </Flex>
      {warning && <Alert type="warning" showIcon title={t(warning.key, warning.params)} />}
      {rows.length === 0 ? (
        <Empty description={t('sqlLab.results.noRows')} />
      ) : (
        <ResultsGrid columns={columns} rows={rows} height={Math.max(120, height - (warning ? 90 : 40))} />
      )}
    </Flex>
  );
}
