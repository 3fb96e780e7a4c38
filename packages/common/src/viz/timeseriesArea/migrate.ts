import { migrateTimeseries } from '../timeseries/migrate.ts';
import type { FormData } from '../types.ts';

/** Superset's NVD3 area chart (it saved `stacked_style`) had opaque areas: its migration sets 0.7. */
function nvd3Area(data: FormData): void {
  if ('stacked_style' in data && data.opacity === undefined) data.opacity = 0.7;
}

export function migrate(formData: FormData): FormData {
  return migrateTimeseries(formData, nvd3Area);
}
