import { allEntitiesPath, type TagItem } from '@vitrina/common';
import { Alert, type TableColumnsType, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { useTaggingEnabled } from '../../api/tags.ts';
import { useAccess } from '../../api/useAccess.ts';
import {
  ListSearchBox,
  ListView,
  listAddButton,
  Page,
  RelativeTime,
  RowActions,
  useListState,
  useToasts,
} from '../../components/index.ts';
import { useDeleteTags, useTagPage } from './api.ts';
import { INITIAL_TAG_LIST, type TagListState, tagListQuery } from './listQuery.ts';
import { TagModal } from './TagModal.tsx';

type Editing = { tag?: TagItem } | undefined;

const personName = (person: TagItem['created_by']) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : '';

/**
 * `/superset/tags/` (Superset's Tags screen, TAGGING_SYSTEM on): the custom tags, each leading to what
 * carries it; holders of can_write on Tag make, edit and delete them (the API refuses a tag on objects
 * they may not change).
 */
export function TagListPage() {
  const { t } = useTranslation();
  const enabled = useTaggingEnabled();
  if (!enabled) {
    return (
      <Page title={t('tags.screen.title')}>
        <Alert type="info" showIcon title={t('tags.screen.off')} />
      </Page>
    );
  }
  return <TagList />;
}

function TagList() {
  const { t } = useTranslation();
  const mayWrite = useAccess().can(['can_write', 'Tag']);
  const [editing, setEditing] = useState<Editing>();
  const list = useListState<TagListState>(INITIAL_TAG_LIST);
  const tags = useTagPage(tagListQuery(list.state));
  const deleteTags = useDeleteTags();
  const { addSuccessToast, addDangerToast } = useToasts();
  // The selection may span pages; the bulk delete names its tags, so remember every name seen.
  const seen = useRef(new Map<number, TagItem>());
  for (const tag of tags.data?.result ?? []) seen.current.set(tag.id, tag);

  const remove = (doomed: TagItem[]) =>
    deleteTags(doomed).then(
      () => {
        addSuccessToast(
          doomed.length === 1
            ? t('tags.screen.deleted', { name: doomed[0]!.name })
            : t('tags.screen.deletedMany', { count: doomed.length }),
        );
        list.unselect(doomed.map((tag) => tag.id));
      },
      (error: unknown) => addDangerToast(t('tags.screen.deleteFailed', { message: errorText(error, t) })),
    );

  const columns: TableColumnsType<TagItem> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('tags.screen.columns.name'),
      sorter: true,
      render: (name: string, tag) => (
        <Tag>
          <Link to={allEntitiesPath(tag.id)}>{name}</Link>
        </Tag>
      ),
    },
    {
      key: 'description',
      dataIndex: 'description',
      title: t('tags.screen.columns.description'),
      sorter: true,
    },
    {
      key: 'changed_on_delta_humanized',
      dataIndex: 'changed_on_delta_humanized',
      title: t('tags.screen.columns.modified'),
      sorter: true,
      render: (humanized: string, tag) => <RelativeTime value={tag.changed_on} fallback={humanized} />,
    },
    {
      key: 'changed_by.first_name',
      dataIndex: 'changed_by',
      title: t('tags.screen.columns.modifiedBy'),
      sorter: true,
      render: (person: TagItem['changed_by']) => <span translate="no">{personName(person)}</span>,
    },
    {
      key: 'created_by.first_name',
      dataIndex: 'created_by',
      title: t('tags.screen.columns.createdBy'),
      sorter: true,
      render: (person: TagItem['created_by']) => <span translate="no">{personName(person)}</span>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, tag) => (
        <RowActions
          onEdit={mayWrite ? () => setEditing({ tag }) : undefined}
          editLabel={t('tags.screen.editLabel', { name: tag.name })}
          deleteTitle={t('tags.screen.deleteConfirm', { name: tag.name })}
          onDelete={mayWrite ? () => void remove([tag]) : undefined}
        />
      ),
    },
  ];

  return (
    <Page title={t('tags.screen.title')}>
      <ListView<TagItem, TagListState>
        list={list}
        query={tags}
        columns={columns}
        emptyText={t('tags.screen.empty')}
        searchControl={
          <ListSearchBox
            label={t('tags.screen.search')}
            onSearch={(searchText) => list.update({ searchText })}
          />
        }
        extra={listAddButton(mayWrite, t('tags.screen.add'), () => setEditing({}))}
        bulkDelete={
          mayWrite
            ? {
                style: { marginTop: 12 },
                selectedText: (count) => t('tags.screen.selected', { count }),
                confirmTitle: (count) => t('tags.screen.deleteManyConfirm', { count }),
                deleteText: t('tags.screen.deleteSelected'),
                clearText: t('tags.screen.clearSelection'),
                onDelete: (ids) => void remove(ids.flatMap((id) => seen.current.get(id) ?? [])),
              }
            : undefined
        }
      />
      {editing && <TagModal tag={editing.tag} onClose={() => setEditing(undefined)} />}
    </Page>
  );
}
