import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBarActions } from './FilterBarActions.tsx';
import { FilterBarDivider } from './FilterBarDivider.tsx';
import { FilterBarEntry } from './FilterBarEntry.tsx';
import { visibleCount } from './overflow.ts';
import type { FilterBarExtras } from './types.ts';
import { type BarItem, hasValue, useBarFilters } from './useBarFilters.ts';

/** The width an entry takes in the row (a filter's control or a divider's title) plus the gap. */
const ENTRY_WIDTH = 232;
/** Room kept for the title, More filters, Apply and Clear all. */
const RESERVED_WIDTH = 420;

interface BarProps {
  extras: FilterBarExtras;
  onSettings: (() => void) | null;
}

function renderItem(item: BarItem, compact: boolean) {
  return item.kind === 'filter' ? (
    <FilterBarEntry key={item.entry.filter.id} entry={item.entry} compact={compact} />
  ) : (
    <FilterBarDivider key={item.item.id} item={item.item} horizontal={compact} />
  );
}

/** The filter bar as a row above the charts; what does not fit goes into 'More filters'. */
export function HorizontalFilterBar({ extras, onSettings }: BarProps) {
  const { t } = useTranslation();
  const { entries, missingRequired } = useBarFilters();
  const row = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const shown = visibleCount(entries.length, width, RESERVED_WIDTH, ENTRY_WIDTH);
  const inline = entries.slice(0, shown);
  const overflow = entries.slice(shown);
  const overflowSelected = overflow.filter(
    (item) => item.kind === 'filter' && hasValue(item.entry.mask),
  ).length;

  return (
    <section
      ref={row}
      data-test="filter-bar"
      data-orientation="HORIZONTAL"
      aria-label={t('nativeFilters.bar.title')}
      style={{ background: '#ffffff', borderRadius: 4, padding: '8px 12px', marginBottom: 12 }}
    >
      {extras.top}
      <Flex gap={12} align="flex-end" wrap={false}>
        <Typography.Text strong style={{ flex: 'none', alignSelf: 'center' }}>
          {t('nativeFilters.bar.title')}
        </Typography.Text>
        {entries.length === 0 && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {t('nativeFilters.bar.empty')}
          </Typography.Text>
        )}
        {inline.map((item) => renderItem(item, true))}
        {overflow.length > 0 && (
          <Popover
            trigger="click"
            placement="bottomLeft"
            content={
              <Flex vertical gap={12} style={{ width: 260 }} data-test="filter-bar-overflow">
                {overflow.map((item) => renderItem(item, false))}
              </Flex>
            }
          >
            <Badge count={overflowSelected} size="small">
              <Button data-test="filter-bar-more">
                {t('nativeFilters.bar.moreFilters', { count: overflow.length })} <DownOutlined />
              </Button>
            </Badge>
          </Popover>
        )}
        <Flex gap={8} style={{ marginLeft: 'auto', flex: 'none' }} align="center">
          <FilterBarActions missingRequired={missingRequired} />
          {onSettings && (
            <Tooltip title={t('nativeFilters.bar.settings')}>
              <Button
                type="text"
                icon={<SettingOutlined />}
                aria-label={t('nativeFilters.bar.settings')}
                onClick={onSettings}
              />
            </Tooltip>
          )}
        </Flex>
      </Flex>
      {extras.bottom}
    </section>
  );
}
