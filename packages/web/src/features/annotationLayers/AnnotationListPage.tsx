import { ArrowLeftOutlined } from '@ant-design/icons';
import type { AnnotationItem } from '@vitrina/common';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccess } from '../../api/useAccess.ts';
import {
  ErrorBox,
  ListSearchBox,
  ListView,
  listAddButton,
  Page,
  RelativeTime,
  RowActions,
  useListDelete,
  useListState,
} from '../../components/index.ts';
import { AnnotationModal } from './AnnotationModal.tsx';
import { TIME_FORMAT } from './annotationForm.ts';
import { useAnnotationLayer, useAnnotations, useDeleteAnnotations } from './api.ts';
import { type AnnotationListState, annotationListQuery, INITIAL_ANNOTATION_LIST } from './listQueries.ts';

type Editing = { annotation?: AnnotationItem } | undefined;

const time = (value: string) => dayjs(value).format(TIME_FORMAT);

function Annotations({ layerId }: { layerId: number }) {
  const { t } = useTranslation();
  // Annotation layers are Alpha's and Admin's (can_write on Annotation); others only read them.
  const mayWrite = useAccess().can(['can_write', 'Annotation']);
  const [editing, setEditing] = useState<Editing>();
  const list = useListState<AnnotationListState>(INITIAL_ANNOTATION_LIST);
  const annotations = useAnnotations(layerId, annotationListQuery(list.state));
  const remove = useListDelete(
    useDeleteAnnotations(layerId),
    {
      deleted: (name) => t('annotationLayers.annotationDeleted', { name }),
      deletedMany: (count) => t('annotationLayers.annotationsDeleted', { count }),
    },
    list.unselect,
  );

  const columns: TableColumnsType<AnnotationItem> = [
    {
      key: 'short_descr',
      dataIndex: 'short_descr',
      title: t('annotationLayers.fields.shortDescr'),
      sorter: true,
    },
    {
      key: 'long_descr',
      dataIndex: 'long_descr',
      title: t('annotationLayers.fields.longDescr'),
      sorter: true,
    },
    {
      key: 'start_dttm',
      dataIndex: 'start_dttm',
      title: t('annotationLayers.fields.start'),
      sorter: true,
      render: time,
    },
    {
      key: 'end_dttm',
      dataIndex: 'end_dttm',
      title: t('annotationLayers.fields.end'),
      sorter: true,
      render: time,
    },
    {
      key: 'changed_on_delta_humanized',
      dataIndex: 'changed_on_delta_humanized',
      title: t('annotationLayers.fields.modified'),
      sorter: true,
      render: (humanized: string | undefined, annotation) => (
        <RelativeTime value={annotation.changed_on} fallback={humanized} />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, annotation) => (
        <RowActions
          onEdit={mayWrite ? () => setEditing({ annotation }) : undefined}
          deleteTitle={t('annotationLayers.deleteAnnotationConfirm', { name: annotation.short_descr })}
          onDelete={mayWrite ? () => remove([annotation.id], annotation.short_descr) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <ListView<AnnotationItem, AnnotationListState>
        list={list}
        query={annotations}
        columns={columns}
        emptyText={t('annotationLayers.noAnnotations')}
        searchControl={
          <ListSearchBox
            label={t('annotationLayers.searchAnnotations')}
            onSearch={(searchText) => list.update({ searchText })}
          />
        }
        extra={listAddButton(mayWrite, t('annotationLayers.addAnnotation'), () => setEditing({}))}
        bulkDelete={
          mayWrite
            ? {
                style: { marginTop: 12 },
                selectedText: (count) => t('annotationLayers.selected', { count }),
                confirmTitle: (count) => t('annotationLayers.deleteAnnotationsConfirm', { count }),
                deleteText: t('annotationLayers.deleteSelected'),
                clearText: t('annotationLayers.clearSelection'),
                onDelete: (ids) => remove(ids),
              }
            : undefined
        }
      />
      {editing && (
        <AnnotationModal
          layerId={layerId}
          annotation={editing.annotation}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}

/** `/annotationlayer/{id}/annotation/`: one layer's annotations. */
export function AnnotationListPage() {
  const { t } = useTranslation();
  const layerId = Number(useParams().id);
  const layer = useAnnotationLayer(layerId);
  const name = layer.data?.result.name;
  return (
    <Page
      title={name ? t('annotationLayers.annotationsOf', { name }) : t('annotationLayers.annotations')}
      extra={
        <Link to="/annotationlayer/list/">
          <ArrowLeftOutlined /> {t('annotationLayers.backToLayers')}
        </Link>
      }
    >
      {layer.isError ? <ErrorBox error={layer.error} /> : <Annotations layerId={layerId} />}
    </Page>
  );
}
