import { chartsInScope, scopeFromCheckedCharts } from '@vitrina/common/filters/scope';
import type { FilterScope } from '@vitrina/common/filters/types';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../../components/index.ts';
import { useDashboardContext } from '../../context.ts';
import { chartIdOfKey, chartKey, scopeTree } from './scopeTree.ts';

/** The filter's scope as a checkbox tree over the layout: checked charts become rootPath and excluded. */
export function ScopeTree({
  scope,
  onChange,
}: {
  scope: FilterScope;
  onChange: (scope: FilterScope) => void;
}) {
  const { t, i18n } = useTranslation();
  const { session, charts } = useDashboardContext();
  const tree = useMemo(
    () =>
      scopeTree(session.layout, t('nativeFilters.config.allCharts'), (chartId) => {
        const chart = charts.get(chartId);
        return chart ? localizedName(chart.slice_name, chart.slice_name_ru, i18n.language) : String(chartId);
      }),
    [session.layout, charts, t, i18n.language],
  );
  const checked = chartsInScope(session.layout, scope).map(chartKey);
  return (
    <div data-test="filter-scope-tree">
      <Tree
        checkable
        defaultExpandAll
        selectable={false}
        treeData={[tree]}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          const ids = list.map((key) => chartIdOfKey(String(key))).filter((id): id is number => id !== null);
          onChange(scopeFromCheckedCharts(session.layout, ids));
        }}
      />
    </div>
  );
}
