/**
 * Heatmap form data. Step 0 takes Superset's legacy `heatmap` keys (its MigrateHeatmapChart): the x and
 * y columns, the value bounds and the percentage switch were renamed, the canvas rendering and
 * sort-by-metric options dropped, and the legend became a continuous visual map.
 */
import { migrationChain, removeKeys, renameKeys } from '../echartsShared/migrate.ts';
import type { FormData } from '../types.ts';

function fromLegacyHeatmap(formData: FormData): FormData {
  const legacy = 'all_columns_x' in formData || 'all_columns_y' in formData;
  const renamed = renameKeys(formData, {
    all_columns_x: 'x_axis',
    all_columns_y: 'groupby',
    y_axis_bounds: 'value_bounds',
    show_perc: 'show_percentage',
  });
  if (!legacy) return renamed;
  return { ...removeKeys(renamed, ['sort_by_metric', 'canvas_image_rendering']), legend_type: 'continuous' };
}

export const migrate = migrationChain([fromLegacyHeatmap]);
