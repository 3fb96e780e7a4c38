/**
 * Upgrades saved table form data. Step 0 (Superset's form data): the query mode is made explicit
 * (Superset infers raw mode from chosen raw columns), and the legacy "include time" option — a
 * `__timestamp` column on the time column — becomes that column as the first dimension, bucketed by
 * the time grain.
 */
import { migrationChain } from '../echartsShared/migrate.ts';
import { columnsOf } from '../shared/query.ts';
import type { FormData } from '../types.ts';
import { queryModeOf } from './formData.ts';

function fromSuperset(formData: FormData): FormData {
  const next: FormData = { ...formData, query_mode: queryModeOf(formData) };
  const timeColumn = next.granularity_sqla;
  if (
    next.include_time === true &&
    next.query_mode === 'aggregate' &&
    typeof timeColumn === 'string' &&
    timeColumn
  ) {
    const groupby = columnsOf(next, 'groupby');
    if (!groupby.includes(timeColumn)) next.groupby = [timeColumn, ...groupby];
    const lookup = next.temporal_columns_lookup;
    next.temporal_columns_lookup = {
      ...(lookup && typeof lookup === 'object' ? (lookup as Record<string, boolean>) : {}),
      [timeColumn]: true,
    };
  }
  delete next.include_time;
  return next;
}

export const migrate = migrationChain([fromSuperset]);
