import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  type DatasetListItem,
  type OwnerRef,
  useDatasetDistinct,
  useDatasetRelated,
  useDatasets,
  useDeleteDatasets,
} from '../../api/datasets.ts';
import { errorText } from '../../api/errors.ts';
import {
  BulkDeleteBar,
  DeleteLink,
  ErrorBox,
  ListTable,
  Page,
  useFormat,
  useSortableList,
  useToasts,
} from '../../components/index.ts';
import { CertifiedName } from './DatasetName.tsx';
import { type DatasetListState, datasetListQuery, INITIAL_DATASET_LIST } from './datasetListQuery.ts';
import { DATASET_ADD_PATH, datasetEditPath, datasetExplorePath } from './paths.ts';
import { UploadModal } from './UploadModal.tsx';

function ownerName(owner: OwnerRef): string {
  return [owner.first_name, owner.last_name].filter(Boolean).join(' ') || String(owner.id);
}

export function DatasetListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [state, setState] = useState<DatasetListState>(INITIAL_DATASET_LIST);
  const [selected, setSelected] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);
  const datasets = useDatasets(datasetListQuery(state));
  const owners = useDatasetRelated('owners');
  const databases = useDatasetRelated('database');
  const schemas = useDatasetDistinct('schema');
  const deleteDatasets = useDeleteDatasets();

  const update = (changes: Partial<DatasetListState>) =>
    setState((current) => ({ ...current, page: 0, ...changes }));

  const remove = (ids: number[], name?: string) =>
    deleteDatasets.mutate(ids, {
      onSuccess: () => {
        addSuccessToast(
          name ? t('datasets.deleted', { name }) : t('datasets.deletedMany', { count: ids.length }),
        );
        setSelected((current) => current.filter((id) => !ids.includes(id)));
      },
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const table = useSortableList<DatasetListItem, DatasetListState>(
    state,
    setState,
    INITIAL_DATASET_LIST,
    datasets.data?.count ?? 0,
  );

  const columns: TableColumnsType<DatasetListItem> = [
    {
      key: 'table_name',
      dataIndex: 'table_name',
      title: t('datasets.columns.name'),
      sorter: true,
      render: (name: string, dataset) => (
        <CertifiedName item={dataset}>
          <Link to={datasetExplorePath(dataset.id)}>{name}</Link>
        </CertifiedName>
      ),
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('datasets.columns.type'),
      render: (kind: DatasetListItem['kind']) =>
        kind === 'virtual' ? (
          <Tag color="purple">{t('datasets.kind.virtual')}</Tag>
        ) : (
          <Tag>{t('datasets.kind.physical')}</Tag>
        ),
    },
    {
      key: 'database.database_name',
      dataIndex: ['database', 'database_name'],
      title: t('datasets.columns.database'),
      sorter: true,
    },
    { key: 'schema', dataIndex: 'schema', title: t('datasets.columns.schema'), sorter: true },
    {
      key: 'owners',
      dataIndex: 'owners',
      title: t('datasets.columns.owners'),
      render: (list: OwnerRef[] | undefined) =>
        (list ?? []).map((owner) => <Tag key={owner.id}>{ownerName(owner)}</Tag>),
    },
    {
      key: 'changed_on_delta_humanized',
      dataIndex: 'changed_on_utc',
      title: t('datasets.columns.lastModified'),
      sorter: true,
      render: (value: string | null | undefined, dataset) =>
        format.date(value) || dataset.changed_on_delta_humanized,
    },
    {
      key: 'actions',
      title: t('datasets.columns.actions'),
      render: (_value, dataset) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => void navigate(datasetEditPath(dataset.id))}>
            {t('common.edit')}
          </Button>
          <DeleteLink
            title={t('datasets.deleteConfirm', { name: dataset.table_name })}
            onConfirm={() => remove([dataset.id], dataset.table_name)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Page
      title={t('nav.datasets')}
      extra={
        <Dropdown
          menu={{
            items: [
              {
                key: 'create',
                label: t('datasets.createDataset'),
                onClick: () => void navigate(DATASET_ADD_PATH),
              },
              { key: 'upload', label: t('datasets.uploadFile'), onClick: () => setUploading(true) },
            ],
          }}
        >
          <Button type="primary" icon={<PlusOutlined />}>
            {t('datasets.add')} <DownOutlined />
          </Button>
        </Dropdown>
      }
    >
      <Flex gap={12} wrap align="center">
        <Input.Search
          allowClear
          aria-label={t('datasets.search')}
          placeholder={t('datasets.searchPlaceholder')}
          style={{ width: 260 }}
          onSearch={(searchText) => update({ searchText })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('datasets.filters.owner')}
          placeholder={t('datasets.filters.owner')}
          style={{ width: 180 }}
          loading={owners.isPending}
          options={(owners.data ?? []).map((owner) => ({ value: owner.value, label: owner.text }))}
          onChange={(owner: number | undefined) => update({ owner })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('datasets.filters.database')}
          placeholder={t('datasets.filters.database')}
          style={{ width: 180 }}
          loading={databases.isPending}
          options={(databases.data ?? []).map((database) => ({
            value: database.value,
            label: database.text,
          }))}
          onChange={(database: number | undefined) => update({ database })}
        />
        <Select
          allowClear
          showSearch
          aria-label={t('datasets.filters.schema')}
          placeholder={t('datasets.filters.schema')}
          style={{ width: 160 }}
          loading={schemas.isPending}
          options={(schemas.data ?? []).map((schema) => ({ value: schema.value, label: schema.text }))}
          onChange={(schema: string | undefined) => update({ schema })}
        />
        <Select
          allowClear
          aria-label={t('datasets.filters.type')}
          placeholder={t('datasets.filters.type')}
          style={{ width: 140 }}
          options={[
            { value: 'physical', label: t('datasets.kind.physical') },
            { value: 'virtual', label: t('datasets.kind.virtual') },
          ]}
          onChange={(kind: DatasetListState['kind']) => update({ kind })}
        />
        <Select
          allowClear
          aria-label={t('datasets.filters.certified')}
          placeholder={t('datasets.filters.certified')}
          style={{ width: 150 }}
          options={[
            { value: 'yes', label: t('common.yes') },
            { value: 'no', label: t('common.no') },
          ]}
          onChange={(value: 'yes' | 'no' | undefined) =>
            update({ certified: value === undefined ? undefined : value === 'yes' })
          }
        />
      </Flex>
      {selected.length > 0 && (
        <BulkDeleteBar
          selectedText={t('datasets.selected', { count: selected.length })}
          confirmTitle={t('datasets.deleteManyConfirm', { count: selected.length })}
          deleteText={t('datasets.deleteSelected')}
          clearText={t('datasets.clearSelection')}
          onDelete={() => remove(selected)}
          onClear={() => setSelected([])}
        />
      )}
      {datasets.isError && <ErrorBox error={datasets.error} />}
      <ListTable<DatasetListItem>
        rowKey="id"
        columns={table.withSortOrder(columns)}
        dataSource={datasets.data?.result ?? []}
        loading={datasets.isFetching}
        emptyText={t('datasets.empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={table.pagination}
        onChange={table.onChange}
      />
      {uploading && <UploadModal onClose={() => setUploading(false)} />}
    </Page>
  );
}
