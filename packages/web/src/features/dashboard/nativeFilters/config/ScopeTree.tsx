import type { FilterScope, NativeFilter } from '@vitrina/common/filters/types';
import { Tooltip, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../../components/index.ts';
import { useDashboardContext } from '../../context.ts';
import { reachesChart, useChartDatasets } from './chartDatasets.ts';
import { chartIdOfKey, chartKey, checkedCharts, scopeAfterCheck, scopeTree } from './scopeTree.ts';

/**
 * The filter's scope as a checkbox tree over the layout: checked charts become rootPath and excluded.
 * Charts of a dataset the filter does not reach are shown greyed and cannot be checked; `mappable` says
 * whether mapping a column (below the tree) can bring them in.
 */
export function ScopeTree({
  filter,
  mappable,
  onChange,
}: {
  filter: NativeFilter;
  mappable: boolean;
  onChange: (scope: FilterScope) => void;
}) {
  const { t, i18n } = useTranslation();
  const { session, charts } = useDashboardContext();
  const chartDatasets = useChartDatasets();
  const reached = useMemo(
    () => (chartId: number) => reachesChart(filter, chartDatasets, chartId),
    [filter, chartDatasets],
  );
  const tree = useMemo(
    () =>
      scopeTree(
        session.layout,
        t('nativeFilters.config.allCharts'),
        (chartId) => {
          const chart = charts.get(chartId);
          return chart
            ? localizedName(chart.slice_name, chart.slice_name_ru, i18n.language)
            : String(chartId);
        },
        reached,
      ),
    [session.layout, charts, t, i18n.language, reached],
  );
  const checked = checkedCharts(session.layout, filter.scope, reached).map(chartKey);
  const hint = t(
    mappable ? 'nativeFilters.config.otherDatasetMappable' : 'nativeFilters.config.otherDatasetFixed',
  );
  return (
    <div data-test="filter-scope-tree">
      <Tree
        checkable
        defaultExpandAll
        selectable={false}
        treeData={[tree]}
        checkedKeys={checked}
        titleRender={(node) =>
          node.disableCheckbox ? (
            <Tooltip title={hint}>
              <Typography.Text type="secondary" data-test="scope-chart-other-dataset" aria-description={hint}>
                {node.title}
              </Typography.Text>
            </Tooltip>
          ) : (
            node.title
          )
        }
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          const ids = list.map((key) => chartIdOfKey(String(key))).filter((id): id is number => id !== null);
          onChange(scopeAfterCheck(session.layout, filter.scope, ids, reached));
        }}
      />
    </div>
  );
}
