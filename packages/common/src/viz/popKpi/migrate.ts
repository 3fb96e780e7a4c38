/**
 * Upgrades saved period comparison form data. Step 0 (Superset's form data): newer Superset saves the
 * comparison as a time shift (`time_compare`: 'inherit', '1 year ago' …, or 'custom' with a start date);
 * here it is the comparison range type. A custom shift keeps its comparison filters, which the user
 * gives (a start date alone is not a comparison filter).
 */
import { migrationChain } from '../echartsShared/migrate.ts';
import type { FormData } from '../types.ts';
import { comparisonTypeOfShift } from './comparison.ts';

export function timeCompareToComparisonType(formData: FormData): FormData {
  const next: FormData = { ...formData };
  if (next.time_comparison === undefined) {
    const type = comparisonTypeOfShift(next.time_compare);
    if (type !== null) next.time_comparison = type;
  }
  delete next.time_compare;
  delete next.start_date_offset;
  return next;
}

export const migrate = migrationChain([timeCompareToComparisonType]);
