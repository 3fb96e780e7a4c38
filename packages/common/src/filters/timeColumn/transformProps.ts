/** Time column options: the dataset's temporal columns, by their verbose names when they have them. */
import type { FilterOption, FilterOptionsData, FilterTransformInput } from '../definition.ts';
import type { NativeFilter } from '../types.ts';

/** Database types that hold dates or times (the 'columns' result carries only the type text). */
const TEMPORAL_TYPE = /DATE|TIME|INTERVAL/i;

interface ColumnRow {
  column_name?: unknown;
  verbose_name?: unknown;
  dtype?: unknown;
  is_dttm?: unknown;
}

function optionOf(row: ColumnRow): FilterOption | null {
  if (typeof row.column_name !== 'string' || !row.column_name) return null;
  const label = typeof row.verbose_name === 'string' && row.verbose_name ? row.verbose_name : row.column_name;
  return { value: row.column_name, label };
}

export function transformProps(_filter: NativeFilter, input: FilterTransformInput): FilterOptionsData {
  const rows: ColumnRow[] = input.datasetColumns
    ? input.datasetColumns.filter((column) => column.is_dttm === true)
    : ((input.queriesData[0]?.data ?? []) as ColumnRow[]).filter(
        (row) => row.is_dttm === true || (typeof row.dtype === 'string' && TEMPORAL_TYPE.test(row.dtype)),
      );
  const options = rows.map(optionOf).filter((option): option is FilterOption => option !== null);
  return { kind: 'options', options, hasMore: false };
}
