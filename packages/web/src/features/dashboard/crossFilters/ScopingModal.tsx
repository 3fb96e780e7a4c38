import type { FilterScope } from '@vitrina/common';
import { scopeFromCheckedCharts } from '@vitrina/common';
import { Alert, Flex, Radio, Tree, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName, Modal } from '../../../components/index.ts';
import { useDashboardContext } from '../context.ts';
import { parseMetadata } from '../loadSession.ts';
import { checkedChartIds, checkedKeysOf, scopeTree } from './scopeTree.ts';
import { chartScopeOf, globalScopeOf, withChartScoping, withGlobalScoping } from './scopingMetadata.ts';
import { useSaveScoping } from './useSaveScoping.ts';

interface ScopingModalProps {
  /** The chart whose cross-filters are scoped; absent: the dashboard's default (global) scope. */
  chartId?: number;
  onClose: () => void;
}

/**
 * Cross-filtering scoping: which charts a chart's cross-filters reach (its own scope, or the
 * dashboard's global one), or the global scope itself, as a checkbox tree of the layout's tabs and
 * charts. Saving writes chart_configuration / global_chart_configuration.
 */
export function ScopingModal({ chartId, onClose }: ScopingModalProps) {
  const { t, i18n } = useTranslation();
  const { dashboard, charts, session } = useDashboardContext();
  const { layout } = session;
  const { saving, save } = useSaveScoping();
  const stored = useMemo(() => parseMetadata(dashboard.json_metadata), [dashboard.json_metadata]);
  const chartName = useCallback(
    (id: number) => {
      const chart = charts.get(id);
      return chart ? localizedName(chart.slice_name, chart.slice_name_ru, i18n.language) : String(id);
    },
    [charts, i18n.language],
  );

  const initialScope = chartId === undefined ? globalScopeOf(stored) : chartScopeOf(stored, chartId);
  const [useGlobal, setUseGlobal] = useState(initialScope === 'global');
  const [checked, setChecked] = useState<string[]>(() =>
    checkedKeysOf(layout, initialScope === 'global' ? globalScopeOf(stored) : initialScope),
  );

  const tree = useMemo(
    () => scopeTree(layout, chartName, (text) => text || t('crossFilters.scoping.untitledTab'), chartId),
    [layout, chartName, chartId, t],
  );

  const scope = (): FilterScope => {
    const ids = checkedChartIds(checked).filter((id) => id !== chartId);
    return scopeFromCheckedCharts(layout, ids);
  };

  const onSave = async () => {
    const saved =
      chartId === undefined
        ? await save((metadata, current) => withGlobalScoping(metadata, current, scope()))
        : await save((metadata, current) =>
            withChartScoping(metadata, current, chartId, useGlobal ? 'global' : scope()),
          );
    if (saved) onClose();
  };

  const title =
    chartId === undefined
      ? t('crossFilters.scoping.globalTitle')
      : t('crossFilters.scoping.chartTitle', { name: chartName(chartId) });
  const treeDisabled = chartId !== undefined && useGlobal;

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void onSave()}
      okText={t('crossFilters.scoping.save')}
      cancelText={t('crossFilters.scoping.cancel')}
      confirmLoading={saving}
    >
      <Flex vertical gap={12} data-testid="cross-filter-scoping">
        <Typography.Text type="secondary">
          {chartId === undefined ? t('crossFilters.scoping.globalHelp') : t('crossFilters.scoping.chartHelp')}
        </Typography.Text>
        {chartId !== undefined && (
          <Radio.Group
            value={useGlobal ? 'global' : 'custom'}
            onChange={(event) => setUseGlobal(event.target.value === 'global')}
            options={[
              { value: 'global', label: t('crossFilters.scoping.useGlobal') },
              { value: 'custom', label: t('crossFilters.scoping.custom') },
            ]}
          />
        )}
        {tree.length === 0 ? (
          <Alert type="info" showIcon title={t('crossFilters.scoping.noCharts')} />
        ) : (
          <Tree
            checkable
            defaultExpandAll
            selectable={false}
            disabled={treeDisabled}
            treeData={tree}
            checkedKeys={treeDisabled ? checkedKeysOf(layout, globalScopeOf(stored)) : checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            aria-label={t('crossFilters.scoping.chartsInScope')}
          />
        )}
      </Flex>
    </Modal>
  );
}
