import type { TagRef } from '@vitrina/common';
import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTaggingEnabled, useTagOptions } from '../../api/tags.ts';
import type { ListSelectFilter } from '../list/ListFilters.tsx';
import { TagList } from './TagList.tsx';

/** A list's Tags column: each row's tags, 4 and '+N' (TagList). */
export function tagsColumn<T extends { tags?: readonly Pick<TagRef, 'id' | 'name'>[] | undefined }>(
  title: string,
): TableColumnType<T> {
  return { key: 'tags', title, render: (_value, row) => <TagList tags={row.tags} /> };
}

/**
 * A list's Tag filter (the tag's id, as Superset's `<resource>_tag_id` filters take it); null when the
 * TAGGING_SYSTEM flag is off, so the list shows no tag filter.
 */
export function useTagFilter(onChange: (tagId: number | undefined) => void): ListSelectFilter | null {
  const { t } = useTranslation();
  const enabled = useTaggingEnabled();
  const options = useTagOptions('', enabled);
  if (!enabled) return null;
  return {
    key: 'tag',
    label: t('tags.filter'),
    width: 180,
    showSearch: true,
    optionFilterProp: 'label',
    loading: options.isPending,
    options: (options.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
    onChange,
  };
}
