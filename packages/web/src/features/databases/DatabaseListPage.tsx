import type { ListQueryParams } from '@vitrina/common';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DatabaseListItem, useDatabases } from '../../api/databases.ts';
import { BooleanMark, ErrorBox, ListTable, Page, useFormat } from '../../components/index.ts';

const PAGE_SIZE = 25;

export function DatabaseListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const query: ListQueryParams = {
    order_column: 'database_name',
    order_direction: 'asc',
    page,
    page_size: PAGE_SIZE,
  };
  const databases = useDatabases(query);

  const flag = (key: keyof DatabaseListItem, titleKey: string) => ({
    key,
    dataIndex: key,
    title: t(titleKey),
    align: 'center' as const,
    render: (value: boolean) => <BooleanMark value={value} />,
  });

  const columns: TableColumnsType<DatabaseListItem> = [
    { key: 'database_name', dataIndex: 'database_name', title: t('databases.columns.name') },
    { key: 'backend', dataIndex: 'backend', title: t('databases.columns.backend') },
    flag('allow_run_async', 'databases.columns.async'),
    flag('allow_dml', 'databases.columns.dml'),
    flag('allow_file_upload', 'databases.columns.fileUpload'),
    flag('expose_in_sqllab', 'databases.columns.exposeInSqlLab'),
    {
      key: 'changed_on',
      dataIndex: 'changed_on',
      title: t('databases.columns.lastModified'),
      render: (value: string | null) => format.date(value),
    },
  ];

  return (
    <Page title={t('nav.databases')}>
      {databases.isError && <ErrorBox error={databases.error} />}
      <ListTable<DatabaseListItem>
        rowKey="id"
        columns={columns}
        dataSource={databases.data?.result ?? []}
        loading={databases.isPending}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: databases.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (next) => setPage(next - 1),
        }}
        emptyText={t('databases.empty')}
      />
    </Page>
  );
}
