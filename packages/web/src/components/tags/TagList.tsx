import {
  allEntitiesPath,
  DEFAULT_VISIBLE_TAGS,
  shortTagName,
  type TagRef,
  visibleTags,
} from '@vitrina/common';
import { Popover, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTaggingEnabled } from '../../api/tags.ts';

type ShownTag = Pick<TagRef, 'id' | 'name'>;

/** One tag: its name (cut after 20 characters, the full name in a tooltip) linking to its all-entities page. */
export function TagLink({ tag }: { tag: ShownTag }) {
  const short = shortTagName(tag.name);
  const link = (
    <Tag data-testid="tag">
      <Link to={allEntitiesPath(tag.id)} aria-label={tag.name}>
        {short.text}
      </Link>
    </Tag>
  );
  return short.truncated ? <Tooltip title={tag.name}>{link}</Tooltip> : link;
}

/**
 * An object's tags as a list shows them (spec B §5, §9): the first `max` (4 by default), then '+N' which
 * opens the rest. Nothing when the TAGGING_SYSTEM flag is off.
 */
export function TagList({
  tags,
  max = DEFAULT_VISIBLE_TAGS,
}: {
  tags: readonly ShownTag[] | undefined;
  max?: number;
}) {
  const { t } = useTranslation();
  const enabled = useTaggingEnabled();
  if (!enabled || !tags || tags.length === 0) return null;
  const { shown, hidden, moreLabel } = visibleTags(tags, max);
  return (
    <Space size={[4, 4]} wrap>
      {shown.map((tag) => (
        <TagLink key={tag.id} tag={tag} />
      ))}
      {moreLabel && (
        <Popover
          trigger="click"
          title={t('tags.more', { count: hidden.length })}
          content={
            <Space size={[4, 4]} wrap style={{ maxWidth: 320 }}>
              {hidden.map((tag) => (
                <TagLink key={tag.id} tag={tag} />
              ))}
            </Space>
          }
        >
          <Tag
            role="button"
            tabIndex={0}
            style={{ cursor: 'pointer' }}
            aria-label={t('tags.showMore', { count: hidden.length })}
          >
            {moreLabel}
          </Tag>
        </Popover>
      )}
    </Space>
  );
}
