import { migrateTimeseries } from '../timeseries/migrate.ts';
import type { FormData } from '../types.ts';

export function migrate(formData: FormData): FormData {
  return migrateTimeseries(formData);
}
