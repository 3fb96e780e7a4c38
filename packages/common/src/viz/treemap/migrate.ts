/**
 * Treemap form data. Step 0 takes Superset's legacy `treemap` keys (its MigrateTreeMap): the first of
 * `metrics` is the metric and `order_desc` became `sort_by_metric`; the legacy tile ratio is dropped.
 */
import { migrationChain, removeKeys, renameKeys } from '../echartsShared/migrate.ts';
import type { FormData } from '../types.ts';

function fromLegacyTreemap(formData: FormData): FormData {
  const next: FormData = { ...formData };
  if (Array.isArray(next.metrics) && next.metrics.length > 0 && next.metric === undefined)
    next.metric = next.metrics[0];
  return removeKeys(renameKeys(next, { order_desc: 'sort_by_metric' }), ['metrics', 'treemap_ratio']);
}

export const migrate = migrationChain([fromLegacyTreemap]);
