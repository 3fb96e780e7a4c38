import type { NativeFilter } from '@vitrina/common/filters/types';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../../components/index.ts';
import { useDashboardContext } from '../../context.ts';
import { otherDatasets, useChartDatasets } from './chartDatasets.ts';
import { mappedColumn, withColumnMapping } from './draft.ts';
import { useFilterDataset } from './useFilterDataset.ts';

/**
 * The filter's column mapped onto the other datasets of the dashboard's charts: choosing a column adds a
 * target `{datasetId, column}`, so the charts of that dataset can be in scope; clearing removes it.
 */
export function ColumnMapping({
  filter,
  onChange,
}: {
  filter: NativeFilter;
  onChange: (filter: NativeFilter) => void;
}) {
  const { t, i18n } = useTranslation();
  const { charts } = useDashboardContext();
  const own = filter.targets[0];
  const groups = otherDatasets(useChartDatasets(), own?.datasetId);
  if (own?.datasetId === undefined || !own.column?.name || groups.length === 0) return null;
  const chartName = (chartId: number) => {
    const chart = charts.get(chartId);
    return chart ? localizedName(chart.slice_name, chart.slice_name_ru, i18n.language) : String(chartId);
  };
  return (
    <Flex vertical gap={8} data-test="filter-column-mapping" style={{ marginTop: 12 }}>
      <Typography.Text strong>{t('nativeFilters.config.columnMapping')}</Typography.Text>
      <Typography.Text type="secondary">
        {t('nativeFilters.config.columnMappingHelp', { column: own.column.name })}
      </Typography.Text>
      {groups.map(({ datasetId, chartIds }) => (
        <MappingRow
          key={datasetId}
          datasetId={datasetId}
          charts={chartIds.map(chartName).join(', ')}
          value={mappedColumn(filter, datasetId)}
          onChange={(column) => onChange(withColumnMapping(filter, datasetId, column))}
        />
      ))}
    </Flex>
  );
}

function MappingRow({
  datasetId,
  charts,
  value,
  onChange,
}: {
  datasetId: number;
  charts: string;
  value: string | undefined;
  onChange: (column: string | null) => void;
}) {
  const { t } = useTranslation();
  const dataset = useFilterDataset(datasetId);
  const name = dataset?.table_name ?? t('nativeFilters.config.datasetNumber', { id: datasetId });
  const label = t('nativeFilters.config.mapColumnFor', { dataset: name });
  return (
    <Flex vertical gap={4} data-test="filter-column-mapping-row" data-dataset-id={datasetId}>
      <Typography.Text>
        {name} <Typography.Text type="secondary">({charts})</Typography.Text>
      </Typography.Text>
      <Select<string>
        aria-label={label}
        allowClear
        showSearch
        loading={!dataset}
        placeholder={t('nativeFilters.config.notMapped')}
        value={value}
        options={(dataset?.columns ?? []).map((column) => ({
          value: column.column_name,
          label: column.column_name,
        }))}
        onChange={(column) => onChange(column ?? null)}
      />
    </Flex>
  );
}
