import type { TaggedObject, TaggedObjectType } from '@vitrina/common';
import { Alert, Flex, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useTag, useTaggedObjects, useTagOptions } from '../../api/tags.ts';
import {
  ErrorBox,
  ListTable,
  localizedName,
  OwnerTags,
  Page,
  RelativeTime,
  TagList,
  useDebouncedValue,
} from '../../components/index.ts';

/** The sections of the page, in Superset's order, each with its heading's catalogue key. */
const SECTIONS: ReadonlyArray<{ type: TaggedObjectType; title: string }> = [
  { type: 'dashboard', title: 'tags.allEntities.dashboards' },
  { type: 'chart', title: 'tags.allEntities.charts' },
  { type: 'query', title: 'tags.allEntities.savedQueries' },
  { type: 'dataset', title: 'tags.allEntities.datasets' },
];

/** The tag from `?id=`; undefined when absent or not a positive integer. */
function tagIdOf(params: URLSearchParams): number | undefined {
  const raw = params.get('id');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/**
 * `/superset/all_entities/?id=<tag id>` (Superset's AllEntities page): the tag's name, then the
 * dashboards, charts, saved queries and datasets carrying it that the person may open, each linking to
 * the object; a tag chooser switches to another tag.
 */
export function AllEntitiesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tagId = tagIdOf(params);
  const tag = useTag(tagId);
  const objects = useTaggedObjects(tagId);
  const [search, setSearch] = useState('');
  const options = useTagOptions(useDebouncedValue(search, 300));

  const columns: TableColumnsType<TaggedObject> = [
    {
      key: 'name',
      title: t('tags.allEntities.columns.name'),
      render: (_value, object) => (
        <Link to={object.url}>{localizedName(object.name, object.name_ru, i18n.language)}</Link>
      ),
    },
    {
      key: 'tags',
      title: t('tags.allEntities.columns.tags'),
      render: (_value, object) => <TagList tags={object.tags} />,
    },
    {
      key: 'owners',
      title: t('tags.allEntities.columns.owners'),
      render: (_value, object) => <OwnerTags owners={object.owners} />,
    },
    {
      key: 'changed_on',
      title: t('tags.allEntities.columns.modified'),
      render: (_value, object) => <RelativeTime value={object.changed_on} />,
    },
  ];

  const chooser = (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      aria-label={t('tags.allEntities.chooseTag')}
      placeholder={t('tags.allEntities.chooseTag')}
      style={{ width: 280 }}
      value={tag.data ? tag.data.id : undefined}
      loading={options.isFetching}
      options={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
      onChange={(id: number | undefined) => setParams(id === undefined ? {} : { id: String(id) })}
    />
  );

  const title = tag.data
    ? t('tags.allEntities.tagTitle', { name: tag.data.name })
    : t('tags.allEntities.title');
  return (
    <Page title={title} extra={chooser}>
      {tagId === undefined && <Typography.Paragraph>{t('tags.allEntities.chooseHint')}</Typography.Paragraph>}
      {tag.isError && <Alert type="warning" showIcon title={t('tags.allEntities.notFound')} />}
      {tag.data?.description && <Typography.Paragraph>{tag.data.description}</Typography.Paragraph>}
      {objects.isError && <ErrorBox error={objects.error} />}
      {tag.data &&
        SECTIONS.map((section) => {
          const rows = (objects.data ?? []).filter((object) => object.type === section.type);
          return (
            <Flex key={section.type} component="section" aria-label={t(section.title)} vertical gap={8}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {t(section.title)}
              </Typography.Title>
              <ListTable<TaggedObject>
                rowKey={(object) => `${object.type}-${object.id}`}
                loading={objects.isPending}
                columns={columns}
                dataSource={rows}
                pagination={false}
                emptyText={t('tags.allEntities.empty')}
              />
            </Flex>
          );
        })}
    </Page>
  );
}
