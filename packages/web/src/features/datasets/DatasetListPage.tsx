import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, type TableColumnsType, Tag } from 'antd';
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
import { useTaggingEnabled } from '../../api/tags.ts';
import { useAccess } from '../../api/useAccess.ts';
import {
  actionsColumn,
  EditTagsModal,
  type ListSelectFilter,
  ListView,
  modifiedColumn,
  ownerName,
  Page,
  RowActions,
  tagsColumn,
  useListDelete,
  useListState,
  useTagFilter,
  yesNoFilter,
} from '../../components/index.ts';
import { CertifiedName } from './DatasetName.tsx';
import { type DatasetListState, datasetListQuery, INITIAL_DATASET_LIST } from './datasetListQuery.ts';
import { DATASET_ADD_PATH, datasetEditPath, datasetExplorePath } from './paths.ts';
import { UploadModal } from './UploadModal.tsx';

export function DatasetListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const [tagging, setTagging] = useState<DatasetListItem>();
  const list = useListState<DatasetListState>(INITIAL_DATASET_LIST);
  const datasets = useDatasets(datasetListQuery(list.state));
  const owners = useDatasetRelated('owners');
  const databases = useDatasetRelated('database');
  const schemas = useDatasetDistinct('schema');
  const remove = useListDelete(
    useDeleteDatasets(),
    {
      deleted: (name) => t('datasets.deleted', { name }),
      deletedMany: (count) => t('datasets.deletedMany', { count }),
    },
    list.unselect,
  );
  const { update } = list;
  const taggingEnabled = useTaggingEnabled();
  const tagFilter = useTagFilter((tag) => update({ tag }));
  // Owners (and admins) with can_write change a dataset; creating needs can_write, uploading can_upload.
  const access = useAccess();
  const canWrite = access.can(['can_write', 'Dataset']);
  const canUpload = access.can(['can_upload', 'Database']);
  const mayChange = (dataset: DatasetListItem) => access.mayChange(dataset.owners ?? [], 'Dataset');

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
    // Bare tags, not ownersColumn's wrapped <OwnerTags>: this list has always rendered them so.
    {
      key: 'owners',
      dataIndex: 'owners',
      title: t('datasets.columns.owners'),
      render: (owners: OwnerRef[] | undefined) =>
        (owners ?? []).map((owner) => <Tag key={owner.id}>{ownerName(owner)}</Tag>),
    },
    ...(taggingEnabled ? [tagsColumn<DatasetListItem>(t('tags.column'))] : []),
    modifiedColumn(t('datasets.columns.lastModified')),
    actionsColumn(t('datasets.columns.actions'), (dataset) => (
      <RowActions
        onEdit={mayChange(dataset) ? () => void navigate(datasetEditPath(dataset.id)) : undefined}
        deleteTitle={t('datasets.deleteConfirm', { name: dataset.table_name })}
        onDelete={mayChange(dataset) ? () => remove([dataset.id], dataset.table_name) : undefined}
      >
        {taggingEnabled && mayChange(dataset) && (
          <Button size="small" type="link" onClick={() => setTagging(dataset)}>
            {t('tags.edit')}
          </Button>
        )}
      </RowActions>
    )),
  ];

  const filters: ListSelectFilter[] = [
    {
      key: 'owner',
      label: t('datasets.filters.owner'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: owners.isPending,
      options: (owners.data ?? []).map((owner) => ({ value: owner.value, label: owner.text })),
      onChange: (owner: number | undefined) => update({ owner }),
    },
    {
      key: 'database',
      label: t('datasets.filters.database'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: databases.isPending,
      options: (databases.data ?? []).map((database) => ({ value: database.value, label: database.text })),
      onChange: (database: number | undefined) => update({ database }),
    },
    {
      key: 'schema',
      label: t('datasets.filters.schema'),
      width: 160,
      showSearch: true,
      loading: schemas.isPending,
      options: (schemas.data ?? []).map((schema) => ({ value: schema.value, label: schema.text })),
      onChange: (schema: string | undefined) => update({ schema }),
    },
    {
      key: 'kind',
      label: t('datasets.filters.type'),
      width: 140,
      options: [
        { value: 'physical', label: t('datasets.kind.physical') },
        { value: 'virtual', label: t('datasets.kind.virtual') },
      ],
      onChange: (kind: DatasetListState['kind']) => update({ kind }),
    },
    {
      key: 'certified',
      label: t('datasets.filters.certified'),
      width: 150,
      ...yesNoFilter(t, (certified) => update({ certified })),
    },
    ...(tagFilter ? [tagFilter] : []),
  ];

  return (
    <Page
      title={t('nav.datasets')}
      extra={
        (canWrite || canUpload) && (
          <Dropdown
            menu={{
              items: [
                ...(canWrite
                  ? [
                      {
                        key: 'create',
                        label: t('datasets.createDataset'),
                        onClick: () => void navigate(DATASET_ADD_PATH),
                      },
                    ]
                  : []),
                ...(canUpload
                  ? [{ key: 'upload', label: t('datasets.uploadFile'), onClick: () => setUploading(true) }]
                  : []),
              ],
            }}
          >
            <Button type="primary" icon={<PlusOutlined />}>
              {t('datasets.add')} <DownOutlined />
            </Button>
          </Dropdown>
        )
      }
    >
      <ListView<DatasetListItem, DatasetListState>
        list={list}
        query={datasets}
        columns={columns}
        emptyText={t('datasets.empty')}
        search={{
          label: t('datasets.search'),
          placeholder: t('datasets.searchPlaceholder'),
          onSearch: (searchText) => update({ searchText }),
        }}
        filters={filters}
        {...(canWrite && {
          bulkDelete: {
            selectedText: (count) => t('datasets.selected', { count }),
            confirmTitle: (count) => t('datasets.deleteManyConfirm', { count }),
            deleteText: t('datasets.deleteSelected'),
            clearText: t('datasets.clearSelection'),
            onDelete: (ids) => remove(ids),
          },
        })}
      />
      {uploading && <UploadModal onClose={() => setUploading(false)} />}
      {tagging && (
        <EditTagsModal
          type="dataset"
          id={tagging.id}
          name={tagging.table_name}
          tags={(tagging.tags ?? []).map((tag) => tag.name)}
          onClose={() => setTagging(undefined)}
        />
      )}
    </Page>
  );
}
