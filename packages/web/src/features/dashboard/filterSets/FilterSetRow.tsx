import { CheckOutlined, DeleteOutlined, EditOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterSet } from './api.ts';

interface FilterSetRowProps {
  set: FilterSet;
  /** The applied selection is this set's. */
  applied: boolean;
  /** The person may rename, make primary and delete it. */
  editable: boolean;
  busy: boolean;
  onApply: () => void;
  /** Resolves true once renamed. */
  onRename: (name: string) => Promise<boolean>;
  onMakePrimary: () => void;
  onDelete: () => void;
}

/** One saved filter set: its name and marks, Apply, and for its owners rename, primary and delete. */
export function FilterSetRow({
  set,
  applied,
  editable,
  busy,
  onApply,
  onRename,
  onMakePrimary,
  onDelete,
}: FilterSetRowProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);

  const rename = async () => {
    const next = renaming?.trim();
    if (!next || next === set.name) {
      setRenaming(null);
      return;
    }
    if (await onRename(next)) setRenaming(null);
  };

  return (
    <Flex
      vertical
      gap={4}
      data-testid="filter-set"
      data-filter-set-id={set.id}
      style={{ border: '1px solid #f0f0f0', borderRadius: 4, padding: '4px 8px' }}
    >
      {renaming === null ? (
        <Flex align="center" gap={4} wrap>
          <Typography.Text strong ellipsis style={{ maxWidth: 150 }} title={set.name}>
            {set.name}
          </Typography.Text>
          {set.is_primary && <Tag color="gold">{t('crossFilters.filterSets.primary')}</Tag>}
          {applied && <Tag color="green">{t('crossFilters.filterSets.applied')}</Tag>}
        </Flex>
      ) : (
        <Flex gap={4}>
          <Input
            size="small"
            autoFocus
            value={renaming}
            maxLength={500}
            aria-label={t('crossFilters.filterSets.newName')}
            onChange={(event) => setRenaming(event.target.value)}
            onPressEnter={() => void rename()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setRenaming(null);
            }}
          />
          <Button
            size="small"
            icon={<CheckOutlined />}
            aria-label={t('crossFilters.filterSets.confirmRename')}
            loading={busy}
            onClick={() => void rename()}
          />
        </Flex>
      )}
      <Flex gap={4} align="center">
        <Button size="small" type={applied ? 'default' : 'primary'} onClick={onApply}>
          {t('crossFilters.filterSets.apply')}
        </Button>
        {editable && (
          <>
            <Tooltip title={t('crossFilters.filterSets.rename')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('crossFilters.filterSets.rename')}
                disabled={busy}
                onClick={() => setRenaming(set.name)}
              />
            </Tooltip>
            {!set.is_primary && (
              <Tooltip title={t('crossFilters.filterSets.makePrimary')}>
                <Button
                  size="small"
                  type="text"
                  icon={<StarOutlined />}
                  aria-label={t('crossFilters.filterSets.makePrimary')}
                  disabled={busy}
                  onClick={onMakePrimary}
                />
              </Tooltip>
            )}
            <Popconfirm
              title={t('crossFilters.filterSets.deleteConfirm', { name: set.name })}
              okText={t('crossFilters.filterSets.delete')}
              cancelText={t('crossFilters.filterSets.cancel')}
              onConfirm={onDelete}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('crossFilters.filterSets.delete')}
                disabled={busy}
              />
            </Popconfirm>
          </>
        )}
      </Flex>
    </Flex>
  );
}
