import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryContext } from '@vitrina/common';
import { Alert, Flex, Pagination, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import type { SamplesPage } from '../../../api/explore.ts';
import { DataGrid, Modal } from '../../../components/index.ts';
import { DRILL_PAGE_SIZE, datasourceId, drillPayload, drillSamplesPath, filterText } from './drillPayload.ts';

/**
 * Drill to detail: the dataset's rows behind the chart (its filters applied, no grouping), a page of
 * 50 at a time from `POST /datasource/samples`.
 */
export function DrillToDetailModal({
  chartName,
  queryContext,
  onClose,
}: {
  chartName: string;
  queryContext: QueryContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const id = datasourceId(queryContext);
  const payload = drillPayload(queryContext);
  const rows = useQuery({
    queryKey: ['dashboard', 'drill', id, JSON.stringify(payload), page],
    queryFn: () =>
      api.post<{ result: SamplesPage }>(drillSamplesPath(id ?? 0, page), payload).then((body) => body.result),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
  // The samples call's own words, else the spec's fallback.
  const failure =
    rows.error instanceof ApiError && !rows.error.messageKey
      ? rows.error.message
      : t('dashboardActions.drill.failed');

  return (
    <Modal
      open
      responsive
      footer={null}
      title={t('dashboardActions.drill.title', { name: chartName })}
      onCancel={onClose}
    >
      <Flex vertical gap={12} data-testid="drill-to-detail">
        <Flex gap={6} wrap align="center">
          <Typography.Text type="secondary">{t('dashboardActions.drill.filters')}:</Typography.Text>
          {payload.filters.length === 0 ? (
            <Typography.Text type="secondary">{t('dashboardActions.drill.noFilters')}</Typography.Text>
          ) : (
            payload.filters.map((filter) => <Tag key={filterText(filter)}>{filterText(filter)}</Tag>)
          )}
        </Flex>
        {id === null || rows.isError ? (
          <Alert type="error" showIcon title={failure} />
        ) : rows.data ? (
          <>
            <DataGrid result={rows.data} height={400} />
            <Flex justify="space-between" align="center">
              <Typography.Text type="secondary">
                {t('dashboardActions.drill.total', { count: rows.data.total_count })}
              </Typography.Text>
              <Pagination
                size="small"
                current={page}
                pageSize={DRILL_PAGE_SIZE}
                total={rows.data.total_count}
                showSizeChanger={false}
                onChange={setPage}
                disabled={rows.isFetching}
              />
            </Flex>
          </>
        ) : (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
