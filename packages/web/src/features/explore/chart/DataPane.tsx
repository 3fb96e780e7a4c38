import { CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type {
  ChartDataResult,
  DatasourceMeta,
  ExploreDataset,
  QueryContext,
  QueryMetric,
} from '@vitrina/common';
import { resultNumberFormatters } from '@vitrina/common/viz/table/resultFormats';
import { Button, Empty, Flex, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSamples } from '../../../api/explore.ts';
import { DataGrid, ErrorBox } from '../../../components/index.ts';
import { fetchChartData } from '../../../viz/index.ts';

export type DataTab = 'results' | 'samples';

const GRID_HEIGHT = 240;

/** What the grids format numbers by: the dataset's metrics and the last run's metrics and controls. */
interface NumberFormatSource {
  datasource: DatasourceMeta;
  metrics: readonly QueryMetric[];
  formData: Record<string, unknown> | null;
}

function ResultView({
  loading,
  error,
  results,
  formats,
}: {
  loading: boolean;
  error: unknown;
  results: ChartDataResult[] | undefined;
  formats: NumberFormatSource;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.startsWith('ru') ? 'ru' : 'en';
  if (loading)
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  if (error) return <ErrorBox error={error} />;
  if (!results || results.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('explore.data.noRows')} />;
  return (
    <Flex vertical gap={8}>
      {results.map((result, index) => (
        // One grid per query; their order is the query context's.
        // biome-ignore lint/suspicious/noArrayIndexKey: queries have no identity but their position.
        <Flex key={index} vertical gap={4}>
          <Typography.Text type="secondary">
            {t('explore.data.rowCount', { count: result.rowcount })}
          </Typography.Text>
          <DataGrid
            result={result}
            height={GRID_HEIGHT}
            numberFormats={resultNumberFormatters(result, formats.metrics, { ...formats, locale })}
          />
        </Flex>
      ))}
    </Flex>
  );
}

function ResultsTab({
  queryContext,
  datasource,
}: {
  queryContext: QueryContext | null;
  datasource: DatasourceMeta;
}) {
  const { t } = useTranslation();
  const contextKey = queryContext ? JSON.stringify(queryContext) : '';
  const results = useQuery({
    queryKey: ['explore', 'results', contextKey],
    queryFn: () => fetchChartData({ ...(queryContext as QueryContext), result_type: 'results' }),
    enabled: queryContext !== null,
    retry: false,
    staleTime: 60_000,
  });
  if (!queryContext)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('explore.data.runFirst')} />;
  const formats = {
    datasource,
    metrics: queryContext.queries[0]?.metrics ?? [],
    formData: queryContext.form_data ?? null,
  };
  return (
    <ResultView loading={results.isPending} error={results.error} results={results.data} formats={formats} />
  );
}

function SamplesTab({ dataset, datasource }: { dataset: ExploreDataset; datasource: DatasourceMeta }) {
  const samples = useSamples(dataset.id, dataset.type, true);
  return (
    <ResultView
      formats={{ datasource, metrics: [], formData: null }}
      loading={samples.isPending}
      error={samples.error}
      results={samples.data ? [samples.data] : undefined}
    />
  );
}

interface DataPaneProps {
  tab: DataTab;
  onTabChange: (tab: DataTab) => void;
  onClose: () => void;
  /** The last run's query context: Results shows its rows. */
  queryContext: QueryContext | null;
  dataset: ExploreDataset;
  datasource: DatasourceMeta;
}

/** Under the chart: the last run's result rows and the dataset's sample rows, each as a grid. */
export function DataPane({ tab, onTabChange, onClose, queryContext, dataset, datasource }: DataPaneProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      activeKey={tab}
      onChange={(key) => onTabChange(key as DataTab)}
      tabBarExtraContent={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('common.close')}
          onClick={onClose}
        />
      }
      items={[
        {
          key: 'results',
          label: t('explore.data.results'),
          children: <ResultsTab queryContext={queryContext} datasource={datasource} />,
        },
        {
          key: 'samples',
          label: t('explore.data.samples'),
          children: <SamplesTab dataset={dataset} datasource={datasource} />,
        },
      ]}
    />
  );
}
