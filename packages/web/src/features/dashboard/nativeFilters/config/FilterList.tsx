import { DeleteOutlined, HolderOutlined, UndoOutlined } from '@ant-design/icons';
import type { FilterConfigItem } from '@vitrina/common/filters/types';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterListProps {
  items: readonly FilterConfigItem[];
  selectedId: string | null;
  deleted: ReadonlySet<string>;
  invalid: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onDelete: (id: string) => void;
  onUndo: (id: string) => void;
}

function itemName(item: FilterConfigItem, untitled: string): string {
  const name = item.type === 'DIVIDER' ? item.title : item.name;
  return name.trim() || untitled;
}

/** The filters and dividers in bar order: select one, drag to reorder, delete (restorable for 5 s). */
export function FilterList({
  items,
  selectedId,
  deleted,
  invalid,
  onSelect,
  onMove,
  onDelete,
  onUndo,
}: FilterListProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  return (
    <Flex vertical gap={4} data-test="filter-config-list">
      {items.map((item, index) => {
        const isDeleted = deleted.has(item.id);
        const name = itemName(
          item,
          item.type === 'DIVIDER'
            ? t('nativeFilters.config.untitledDivider')
            : t('nativeFilters.config.untitledFilter'),
        );
        return (
          <Flex
            key={item.id}
            align="center"
            gap={4}
            draggable={!isDeleted}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragged !== null && dragged !== index) onMove(dragged, index);
              setDragged(null);
            }}
            data-test="filter-config-item"
            data-filter-id={item.id}
            style={{
              padding: '4px 6px',
              borderRadius: 4,
              cursor: 'pointer',
              background: item.id === selectedId ? '#e6f4ff' : undefined,
              border: invalid.has(item.id) ? '1px solid #ff4d4f' : '1px solid transparent',
            }}
          >
            <HolderOutlined aria-hidden style={{ cursor: 'grab', color: '#8c8c8c' }} />
            <Typography.Text
              delete={isDeleted}
              type={isDeleted ? 'secondary' : undefined}
              italic={item.type === 'DIVIDER'}
              ellipsis
              style={{ flex: 1 }}
              onClick={() => !isDeleted && onSelect(item.id)}
            >
              {name}
            </Typography.Text>
            {isDeleted ? (
              <Button size="small" type="link" icon={<UndoOutlined />} onClick={() => onUndo(item.id)}>
                {t('nativeFilters.config.undo')}
              </Button>
            ) : (
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('nativeFilters.config.delete', { name })}
                onClick={() => onDelete(item.id)}
              />
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
