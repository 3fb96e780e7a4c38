import { useQuery } from '@tanstack/react-query';
import type { ChartDataResult, QueryContext } from '@vitrina/common';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataGrid, ErrorBox, Modal } from '../../../components/index.ts';
import { fetchChartData } from '../../../viz/index.ts';

/** The answers as tables, one per query, with their row counts. */
function ResultTables({ results }: { results: ChartDataResult[] }) {
  const { t } = useTranslation();
  if (results.every((result) => result.data.length === 0))
    return <Empty description={t('dashboardActions.chart.noResults')} />;
  return (
    <Flex vertical gap={16}>
      {results.map((result, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one table per query, in query order.
        <Flex key={index} vertical gap={6}>
          <Typography.Text type="secondary">
            {t('dashboardActions.chart.rowCount', { count: result.rowcount })}
          </Typography.Text>
          <DataGrid result={result} height={360} />
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * "View as table" shows what the chart drew (its last answer); "View query results" asks the server
 * for the query's plain results (result_type results).
 */
export function ChartDataModal({
  title,
  source,
  queryContext,
  queriesData,
  onClose,
}: {
  title: string;
  source: 'shown' | 'results';
  queryContext: QueryContext | null;
  queriesData: ChartDataResult[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const results = useQuery({
    queryKey: ['dashboard', 'chartResults', JSON.stringify(queryContext)],
    queryFn: () => fetchChartData({ ...(queryContext as QueryContext), result_type: 'results' }),
    enabled: source === 'results' && queryContext !== null,
    retry: false,
    gcTime: 0,
  });
  const shown = source === 'shown' ? queriesData : (results.data ?? null);
  return (
    <Modal
      open
      responsive
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('dashboardActions.chart.close')}</Button>}
    >
      <div data-testid="chart-data-modal">
        {shown ? (
          <ResultTables results={shown} />
        ) : results.error ? (
          <ErrorBox error={results.error} />
        ) : (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        )}
      </div>
    </Modal>
  );
}
