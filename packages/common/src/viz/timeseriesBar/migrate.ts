import { migrateTimeseries } from '../timeseries/migrate.ts';
import type { FormData } from '../types.ts';

/**
 * Superset's categorical bar chart (dist_bar) saved its categories in `groupby` and its breakdowns in
 * `columns`; as Superset migrates it, the first category becomes the x-axis, the other categories and
 * the breakdowns become the series dimensions, and the labels are tilted by 45°.
 */
function distBar(data: FormData): void {
  if (
    !Array.isArray(data.columns) ||
    (data.x_axis !== undefined && data.x_axis !== null && data.x_axis !== '')
  )
    return;
  const categories = Array.isArray(data.groupby) ? data.groupby : [];
  if (categories.length > 0) data.x_axis = categories[0];
  data.groupby = [...categories.slice(1), ...data.columns];
  delete data.columns;
  if (data.x_ticks_layout === undefined && data.xAxisLabelRotation === undefined)
    data.xAxisLabelRotation = 45;
}

export function migrate(formData: FormData): FormData {
  return migrateTimeseries(formData, distBar);
}
