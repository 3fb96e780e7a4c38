import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { crossFilterMask } from '@vitrina/common';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../components/index.ts';
import { useDashboardContext } from '../context.ts';
import { ScopingModal } from '../dialogs.ts';
import { useOptionalDataMask } from '../nativeFilters/dataMaskContext.tsx';
import { crossFilterEntries } from './crossFilterEntries.ts';
import { useCrossFiltersEnabled } from './useChartCrossFilter.ts';

/**
 * The filter bar's cross-filters: each applied one with its chart, column and values and a button
 * that clears it, a button that clears them all, and for editors the global scoping.
 */
export function CrossFilterChips() {
  const { t, i18n } = useTranslation();
  const { charts, permissions } = useDashboardContext();
  const masks = useOptionalDataMask();
  const enabled = useCrossFiltersEnabled();
  const [scoping, setScoping] = useState(false);
  if (!enabled || !masks) return null;
  const entries = crossFilterEntries(masks.dataMask);
  const chartName = (chartId: number) => {
    const chart = charts.get(chartId);
    return chart ? localizedName(chart.slice_name, chart.slice_name_ru, i18n.language) : String(chartId);
  };
  const clear = (chartId: number, column: string) =>
    masks.setDataMask(String(chartId), crossFilterMask(column, []));

  return (
    <section
      data-testid="cross-filters"
      aria-label={t('crossFilters.bar.title')}
      style={{ marginBottom: 12 }}
    >
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('crossFilters.bar.title')}</Typography.Text>
        <Flex>
          {entries.length > 1 && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                for (const entry of entries) clear(entry.chartId, entry.column);
              }}
            >
              {t('crossFilters.bar.clearAll')}
            </Button>
          )}
          {permissions.edit && (
            <Tooltip title={t('crossFilters.scoping.globalTitle')}>
              <Button
                type="text"
                size="small"
                icon={<SettingOutlined />}
                aria-label={t('crossFilters.scoping.globalTitle')}
                onClick={() => setScoping(true)}
              />
            </Tooltip>
          )}
        </Flex>
      </Flex>
      {entries.length === 0 ? (
        <Typography.Text type="secondary">{t('crossFilters.bar.empty')}</Typography.Text>
      ) : (
        <Flex vertical gap={4} style={{ marginTop: 4 }}>
          {entries.map((entry) => (
            <Flex
              key={entry.chartId}
              data-testid="cross-filter-chip"
              data-chart-id={entry.chartId}
              align="center"
              justify="space-between"
              gap={4}
              style={{ background: '#f5f5f5', borderRadius: 4, padding: '2px 4px 2px 8px' }}
            >
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {chartName(entry.chartId)}
                </Typography.Text>
                <Typography.Text ellipsis>
                  {entry.column}: <strong>{entry.label}</strong>
                </Typography.Text>
              </Flex>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('crossFilters.bar.remove', { name: chartName(entry.chartId) })}
                onClick={() => clear(entry.chartId, entry.column)}
              />
            </Flex>
          ))}
        </Flex>
      )}
      {scoping && <ScopingModal onClose={() => setScoping(false)} />}
    </section>
  );
}
