import { SearchOutlined } from '@ant-design/icons';
import type { DatasetListItem } from '@vitrina/common';
import { Button, Input, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDatasets } from '../../api/datasets.ts';
import { useServerConf } from '../../api/featureFlags.ts';
import { ErrorBox, ListTable, localizedName, Page } from '../../components/index.ts';
import { datasetExploreUrl } from './entry.ts';
import { DEFAULT_VIZ_TYPE } from './state/formData.ts';

const PAGE_SIZE = 25;
const COLUMNS = [
  'id',
  'table_name',
  'schema',
  'kind',
  'description',
  'description_ru',
  'database.id',
  'database.database_name',
];

/** Explore without a chart or dataset: choose the dataset to build a chart from. */
export function DatasetPicker() {
  const { t, i18n } = useTranslation();
  const vizType = useServerConf().data?.DEFAULT_VIZ_TYPE ?? DEFAULT_VIZ_TYPE;
  const [search, setSearch] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const datasets = useDatasets({
    ...(search ? { filters: [{ col: 'table_name', opr: 'ct', value: search }] } : {}),
    order_column: 'table_name',
    order_direction: 'asc',
    page,
    page_size: PAGE_SIZE,
    columns: COLUMNS,
  });

  const columns: TableColumnsType<DatasetListItem> = [
    {
      key: 'table_name',
      dataIndex: 'table_name',
      title: t('explore.picker.columns.name'),
      render: (name: string, dataset) => <Link to={datasetExploreUrl(dataset.id, vizType)}>{name}</Link>,
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('explore.picker.columns.type'),
      render: (kind: DatasetListItem['kind']) =>
        kind === 'virtual' ? (
          <Tag color="purple">{t('datasets.kind.virtual')}</Tag>
        ) : (
          <Tag>{t('datasets.kind.physical')}</Tag>
        ),
    },
    {
      key: 'database',
      dataIndex: ['database', 'database_name'],
      title: t('explore.picker.columns.database'),
    },
    { key: 'schema', dataIndex: 'schema', title: t('explore.picker.columns.schema') },
    {
      key: 'description',
      title: t('explore.picker.columns.description'),
      render: (_value, dataset) => localizedName(dataset.description, dataset.description_ru, i18n.language),
    },
    {
      key: 'actions',
      title: t('explore.picker.columns.actions'),
      render: (_value, dataset) => (
        <Link to={datasetExploreUrl(dataset.id, vizType)}>
          <Button size="small" type="link">
            {t('explore.picker.open')}
          </Button>
        </Link>
      ),
    },
  ];

  return (
    <Page title={t('explore.picker.title')}>
      <Input.Search
        allowClear
        enterButton={<SearchOutlined />}
        placeholder={t('explore.picker.search')}
        aria-label={t('explore.picker.search')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (!event.target.value) {
            setSearch('');
            setPage(0);
          }
        }}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(0);
        }}
        style={{ maxWidth: 420 }}
      />
      {datasets.isError ? (
        <ErrorBox error={datasets.error} />
      ) : (
        <ListTable<DatasetListItem>
          rowKey="id"
          loading={datasets.isFetching}
          columns={columns}
          dataSource={datasets.data?.result ?? []}
          emptyText={t('explore.picker.empty')}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: datasets.data?.count ?? 0,
            showSizeChanger: false,
            onChange: (next) => setPage(next - 1),
          }}
        />
      )}
    </Page>
  );
}
