import { InfoCircleOutlined } from '@ant-design/icons';
import type { DataMask } from '@vitrina/common/filters/types';
import { Flex, Tooltip, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterControl } from '../controls/FilterControl.tsx';
import { useDataMask } from '../dataMaskContext.tsx';
import { useHighlightScope } from '../highlight.tsx';
import type { BarFilter } from './useBarFilters.ts';

/** One filter in the bar: its name, description and control; hovering it highlights its charts. */
export function FilterBarEntry({ entry, compact }: { entry: BarFilter; compact?: boolean }) {
  const { t } = useTranslation();
  const { filter } = entry;
  const { setPending, setDataMask } = useDataMask();
  const highlight = useHighlightScope(filter.scope);
  const onChange = useCallback((mask: DataMask) => setPending(filter.id, mask), [filter.id, setPending]);
  const onDefault = useCallback((mask: DataMask) => setDataMask(filter.id, mask), [filter.id, setDataMask]);
  return (
    <div
      {...highlight}
      data-test="filter-bar-entry"
      data-filter-id={filter.id}
      style={{ minWidth: compact ? 180 : undefined, width: compact ? 220 : '100%' }}
    >
      <Flex gap={4} align="center" style={{ marginBottom: 4 }}>
        <Typography.Text strong ellipsis>
          {filter.name}
        </Typography.Text>
        {entry.missingRequired && <Typography.Text type="danger">*</Typography.Text>}
        {filter.description && (
          <Tooltip title={filter.description}>
            <InfoCircleOutlined aria-label={t('nativeFilters.bar.description')} />
          </Tooltip>
        )}
      </Flex>
      <FilterControl
        filter={filter}
        mask={entry.mask}
        onChange={onChange}
        onDefault={onDefault}
        parentsExtraFormData={entry.parentsExtraFormData}
        ariaLabel={filter.name}
        compact={compact}
      />
      {entry.missingRequired && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('nativeFilters.bar.required')}
        </Typography.Text>
      )}
    </div>
  );
}
