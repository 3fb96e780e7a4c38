import type { AnnotationLayerItem } from '@vitrina/common';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../api/useAccess.ts';
import {
  ListSearchBox,
  ListView,
  listAddButton,
  Page,
  RelativeTime,
  RowActions,
  useListDelete,
  useListState,
} from '../../components/index.ts';
import { AnnotationLayerModal } from './AnnotationLayerModal.tsx';
import { useAnnotationLayers, useDeleteAnnotationLayers } from './api.ts';
import { type AnnotationLayerListState, INITIAL_LAYER_LIST, layerListQuery } from './listQueries.ts';

type Editing = { layer?: AnnotationLayerItem } | undefined;

/** `/annotationlayer/list/`: the annotation layers, each opening its annotations. */
export function AnnotationLayerListPage() {
  const { t } = useTranslation();
  // Annotation layers are Alpha's and Admin's (can_write on Annotation); others only read them.
  const mayWrite = useAccess().can(['can_write', 'Annotation']);
  const [editing, setEditing] = useState<Editing>();
  const list = useListState<AnnotationLayerListState>(INITIAL_LAYER_LIST);
  const layers = useAnnotationLayers(layerListQuery(list.state));
  const remove = useListDelete(
    useDeleteAnnotationLayers(),
    {
      deleted: (name) => t('annotationLayers.deleted', { name }),
      deletedMany: (count) => t('annotationLayers.deletedMany', { count }),
    },
    list.unselect,
  );

  const columns: TableColumnsType<AnnotationLayerItem> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('annotationLayers.fields.name'),
      sorter: true,
      render: (name: string, layer) => <Link to={`/annotationlayer/${layer.id}/annotation/`}>{name}</Link>,
    },
    { key: 'descr', dataIndex: 'descr', title: t('annotationLayers.fields.descr'), sorter: true },
    {
      key: 'created_by.first_name',
      dataIndex: 'created_by',
      title: t('annotationLayers.fields.createdBy'),
      sorter: true,
      render: (person: AnnotationLayerItem['created_by']) =>
        person ? `${person.first_name} ${person.last_name}`.trim() : '',
    },
    {
      key: 'changed_on_delta_humanized',
      dataIndex: 'changed_on_delta_humanized',
      title: t('annotationLayers.fields.modified'),
      sorter: true,
      render: (humanized: string | undefined, layer) => (
        <RelativeTime value={layer.changed_on} fallback={humanized} />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, layer) => (
        <RowActions
          onEdit={mayWrite ? () => setEditing({ layer }) : undefined}
          deleteTitle={t('annotationLayers.deleteConfirm', { name: layer.name })}
          onDelete={mayWrite ? () => remove([layer.id], layer.name) : undefined}
        />
      ),
    },
  ];

  return (
    <Page title={t('annotationLayers.title')}>
      <ListView<AnnotationLayerItem, AnnotationLayerListState>
        list={list}
        query={layers}
        columns={columns}
        emptyText={t('annotationLayers.empty')}
        searchControl={
          <ListSearchBox
            label={t('annotationLayers.search')}
            onSearch={(searchText) => list.update({ searchText })}
          />
        }
        extra={listAddButton(mayWrite, t('annotationLayers.add'), () => setEditing({}))}
        bulkDelete={
          mayWrite
            ? {
                style: { marginTop: 12 },
                selectedText: (count) => t('annotationLayers.selected', { count }),
                confirmTitle: (count) => t('annotationLayers.deleteManyConfirm', { count }),
                deleteText: t('annotationLayers.deleteSelected'),
                clearText: t('annotationLayers.clearSelection'),
                onDelete: (ids) => remove(ids),
              }
            : undefined
        }
      />
      {editing && <AnnotationLayerModal layer={editing.layer} onClose={() => setEditing(undefined)} />}
    </Page>
  );
}
