/**
 * Histogram form data. Step 0 takes Superset's legacy `histogram` keys (its MigrateHistogramChart): the
 * first of all_columns_x is the column, link_length the number of bins, and the axis labels and the
 * normalisation switch were renamed.
 */
import { migrationChain, removeKeys, renameKeys } from '../echartsShared/migrate.ts';
import type { FormData } from '../types.ts';

function fromLegacyHistogram(formData: FormData): FormData {
  const next = renameKeys(formData, {
    x_axis_label: 'x_axis_title',
    y_axis_label: 'y_axis_title',
    normalized: 'normalize',
  });
  const columns = next.all_columns_x;
  if (next.column === undefined && Array.isArray(columns) && columns.length > 0) next.column = columns[0];
  if ('link_length' in next && next.bins === undefined) {
    const bins = Number.parseInt(String(next.link_length ?? ''), 10);
    next.bins = Number.isFinite(bins) && bins > 0 ? bins : 5;
  }
  if ('all_columns_x' in next && (next.groupby === undefined || next.groupby === null)) next.groupby = [];
  return removeKeys(next, ['all_columns_x', 'link_length', 'queryFields']);
}

export const migrate = migrationChain([fromLegacyHistogram]);
