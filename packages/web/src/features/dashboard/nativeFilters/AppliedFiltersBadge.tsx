import { FilterOutlined } from '@ant-design/icons';
import type { ChartDataResult } from '@vitrina/common';
import { Badge, Button, Popover, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../components/index.ts';
import { useDashboardContext } from '../context.ts';
import { appliedFilterRows } from './appliedFilters.ts';
import type { ChartFilters } from './useChartFilters.ts';
import { useFilterConfiguration } from './useFilterConfiguration.ts';

/** The number of filters applied to a chart; its popover lists them, applied or rejected by the query. */
export function AppliedFiltersBadge({
  filters,
  queriesData,
}: {
  filters: ChartFilters;
  queriesData: ChartDataResult[] | null;
}) {
  const { t, i18n } = useTranslation();
  const { charts } = useDashboardContext();
  const items = useFilterConfiguration();
  const rows = useMemo(
    () =>
      appliedFilterRows(filters.appliedFilterIds, items, queriesData, (chartId) => {
        const chart = charts.get(chartId);
        return chart ? localizedName(chart.slice_name, chart.slice_name_ru, i18n.language) : String(chartId);
      }),
    [filters.appliedFilterIds, items, queriesData, charts, i18n.language],
  );
  if (rows.length === 0) return null;
  const applied = rows.filter((row) => row.status !== 'rejected');
  const rejected = rows.filter((row) => row.status === 'rejected');
  const content = (
    <div data-test="applied-filters-list" style={{ maxWidth: 280 }}>
      {applied.length > 0 && (
        <Typography.Text strong>
          {t('nativeFilters.applied.applied', { count: applied.length })}
        </Typography.Text>
      )}
      <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
        {applied.map((row) => (
          <li key={row.id}>{row.name}</li>
        ))}
      </ul>
      {rejected.length > 0 && (
        <>
          <Typography.Text strong type="warning">
            {t('nativeFilters.applied.rejected', { count: rejected.length })}
          </Typography.Text>
          <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
            {rejected.map((row) => (
              <li key={row.id}>
                {row.name}
                {row.reason === 'not_in_datasource' ? ` — ${t('nativeFilters.applied.notInDatasource')}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button
        type="text"
        size="small"
        data-test="applied-filter-count"
        data-count={applied.length}
        aria-label={t('nativeFilters.applied.label', { count: applied.length })}
      >
        <Badge
          count={applied.length}
          size="small"
          showZero
          color={rejected.length > 0 ? '#faad14' : '#1677ff'}
        >
          <FilterOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}
