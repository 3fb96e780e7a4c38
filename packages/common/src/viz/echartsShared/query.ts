/** Query building shared by the ECharts charts: one query object on the base of viz/shared/query. */
import type { OrderByItem, QueryMetric, QueryObject } from '../../query/types.ts';
import { baseQueryObject, queryContext } from '../shared/query.ts';
import type { ControlPanelConfig, FormData, QueryContext } from '../types.ts';
import { boolOf, withDefaults } from './formData.ts';

/**
 * A query context of one query object: the base (filters, time range, row limit) from the form data
 * with the control panel's defaults, plus the chart's own fields. The form data goes out as saved.
 */
export function singleQuery(
  formData: FormData,
  controlPanel: ControlPanelConfig,
  build: (values: FormData) => QueryObject,
): QueryContext {
  const values = withDefaults(controlPanel, formData);
  return queryContext(formData, [{ ...baseQueryObject(values), ...build(values) }]);
}

/** `orderby` by the metric, biggest first, when sort_by_metric is on. */
export function sortByMetricOrder(
  values: FormData,
  metric: QueryMetric | undefined,
): { orderby?: OrderByItem[] } {
  return boolOf(values.sort_by_metric, false) && metric !== undefined ? { orderby: [[metric, false]] } : {};
}
