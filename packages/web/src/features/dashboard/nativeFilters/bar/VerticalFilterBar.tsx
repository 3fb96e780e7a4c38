import { FilterOutlined, LeftOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardContext } from '../../context.ts';
import { FilterBarActions } from './FilterBarActions.tsx';
import { FilterBarDivider } from './FilterBarDivider.tsx';
import { FilterBarEntry } from './FilterBarEntry.tsx';
import type { FilterBarExtras } from './types.ts';
import { useBarFilters } from './useBarFilters.ts';

const WIDTH = 260;

interface BarProps {
  extras: FilterBarExtras;
  onSettings: (() => void) | null;
}

/** The filter bar as a collapsible side panel. */
export function VerticalFilterBar({ extras, onSettings }: BarProps) {
  const { t } = useTranslation();
  const { entries, missingRequired, appliedCount } = useBarFilters();
  // `expand_filters=false` (the embedding SDK's filters.expanded) opens it collapsed.
  const [collapsed, setCollapsed] = useState(useDashboardContext().filterBarParams?.expanded === false);

  if (collapsed) {
    return (
      <div
        data-test="filter-bar"
        data-orientation="VERTICAL"
        data-collapsed="true"
        style={{ width: 32, flex: 'none' }}
      >
        <Tooltip title={t('nativeFilters.bar.expand')} placement="right">
          <Button
            type="text"
            aria-label={t('nativeFilters.bar.expand')}
            onClick={() => setCollapsed(false)}
            icon={
              <Badge count={appliedCount} size="small">
                <FilterOutlined />
              </Badge>
            }
          />
        </Tooltip>
      </div>
    );
  }

  return (
    <aside
      data-test="filter-bar"
      data-orientation="VERTICAL"
      aria-label={t('nativeFilters.bar.title')}
      style={{
        width: WIDTH,
        flex: 'none',
        background: '#ffffff',
        borderRadius: 4,
        padding: 12,
        position: 'sticky',
        top: 8,
        maxHeight: 'calc(100vh - 16px)',
        overflowY: 'auto',
      }}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('nativeFilters.bar.title')}
        </Typography.Title>
        <Flex>
          {onSettings && (
            <Tooltip title={t('nativeFilters.bar.settings')}>
              <Button
                type="text"
                size="small"
                icon={<SettingOutlined />}
                aria-label={t('nativeFilters.bar.settings')}
                onClick={onSettings}
              />
            </Tooltip>
          )}
          <Tooltip title={t('nativeFilters.bar.collapse')}>
            <Button
              type="text"
              size="small"
              icon={<LeftOutlined />}
              aria-label={t('nativeFilters.bar.collapse')}
              onClick={() => setCollapsed(true)}
            />
          </Tooltip>
        </Flex>
      </Flex>
      {extras.top}
      <Flex vertical gap={12}>
        {entries.length === 0 && (
          <Typography.Text type="secondary">{t('nativeFilters.bar.empty')}</Typography.Text>
        )}
        {entries.map((entry) =>
          entry.kind === 'filter' ? (
            <FilterBarEntry key={entry.entry.filter.id} entry={entry.entry} />
          ) : (
            <FilterBarDivider key={entry.item.id} item={entry.item} />
          ),
        )}
      </Flex>
      <div style={{ marginTop: 12 }}>
        <FilterBarActions missingRequired={missingRequired} />
      </div>
      {extras.bottom}
    </aside>
  );
}
