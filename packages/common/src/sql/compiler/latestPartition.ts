/**
 * The LATEST PARTITION filter (Superset's latest_partition): a partition-key column of a physical
 * table held to the greatest value it has, which the engine reads itself at run time. A column counts
 * as a partition key only when the driver reported it so (the dataset column's is_partition_key), so
 * the filter never guesses at a table's layout.
 */
import { QueryValidationError } from '../../query/errors.ts';
import type { QueryColumn } from '../../query/types.ts';
import type { SqlDialect } from '../dialect.ts';
import type { CompilerDataset } from './types.ts';

/** Why a LATEST PARTITION filter was refused: the engine has no partitions, or the column is no key. */
export type LatestPartitionReason = 'engine' | 'column';

export class LatestPartitionError extends QueryValidationError {
  constructor(
    readonly reason: LatestPartitionReason,
    message: string,
    field: string,
    /** The filter's column name (an adhoc expression's text), for the error's `extra`. */
    readonly column: string,
  ) {
    super(message, field);
    this.name = 'LatestPartitionError';
  }
}

/** The dataset column name a filter's column stands for (an adhoc expression's text otherwise). */
function columnName(column: QueryColumn): string {
  if (typeof column === 'string') return column;
  return column.isColumnReference ? column.sqlExpression : column.sqlExpression.trim();
}

/**
 * The quoted name of the partition column a LATEST PARTITION filter may use, or a LatestPartitionError:
 * the engine must have partitions, the dataset must be a table (a virtual dataset's columns are a query's,
 * never partition keys), and the column one of its partition keys rather than a calculated column.
 */
export function partitionColumnSql(
  dialect: SqlDialect,
  dataset: CompilerDataset,
  filterColumn: QueryColumn,
  field: string,
): string {
  const name = columnName(filterColumn);
  if (!dialect.capabilities.partitions) {
    throw new LatestPartitionError(
      'engine',
      `The "LATEST PARTITION" filter is not supported for ${dialect.displayName} databases`,
      `${field}.op`,
      name,
    );
  }
  const column = dataset.columns.find((candidate) => candidate.column_name === name);
  const isKey =
    !dataset.sql?.trim() &&
    column !== undefined &&
    !column.expression?.trim() &&
    column.is_partition_key === true;
  if (!isKey) {
    throw new LatestPartitionError(
      'column',
      `The "LATEST PARTITION" filter needs a partition column of the dataset's table, and "${name}" is not one`,
      `${field}.col`,
      name,
    );
  }
  return dialect.quoteIdentifier(name);
}
