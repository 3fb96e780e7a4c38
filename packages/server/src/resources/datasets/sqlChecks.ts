import { CustomSqlError } from '@vitrina/common';
import type { EngineName } from '@vitrina/common/sql/engines';
import { UnprocessableError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { sqlPolicyOf } from '../../security/sqlPolicy/index.ts';

/**
 * A dataset's own SQL, checked by the engine's parser when it is written (and again, through the
 * compiled query, every time it runs): the virtual dataset's query is exactly one read, calculated
 * columns and metrics are single expressions over the dataset, the fetch-values predicate a single
 * predicate. Answers the field messages of a 422, empty when everything holds.
 */

export interface DatasetSql {
  /** The rendered virtual dataset SQL, or null for a physical dataset (or when it is unchanged). */
  query: string | null;
  columns?: ReadonlyArray<{ column_name: string; expression: string | null }>;
  metrics?: ReadonlyArray<{ metric_name: string; expression: string }>;
  fetchValuesPredicate?: string | null;
}

export type FieldErrors = Record<string, string[]>;

const named = (name: string, error: CustomSqlError) => `${name}: ${error.message}`;

export async function datasetSqlErrors(
  ctx: Pick<AppContext, 'config'>,
  engine: EngineName,
  sql: DatasetSql,
): Promise<FieldErrors> {
  const policy = sqlPolicyOf(ctx, engine);
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const refusal = async (check: () => Promise<unknown>): Promise<CustomSqlError | null> => {
    try {
      await check();
      return null;
    } catch (error) {
      if (error instanceof CustomSqlError) return error;
      throw error;
    }
  };
  if (sql.query !== null) {
    const error = await refusal(() => policy.checkQuery(sql.query as string, 'sql', { allowedTables: null }));
    if (error) add('sql', error.message);
  }
  for (const column of sql.columns ?? []) {
    const expression = column.expression?.trim();
    if (!expression) continue;
    const error = await refusal(() =>
      policy.checkExpression({ field: 'columns', sql: expression, role: 'expression' }, null),
    );
    if (error) add('columns', named(column.column_name, error));
  }
  for (const metric of sql.metrics ?? []) {
    const expression = metric.expression.trim();
    if (!expression) continue;
    const error = await refusal(() =>
      policy.checkExpression({ field: 'metrics', sql: expression, role: 'expression' }, null),
    );
    if (error) add('metrics', named(metric.metric_name, error));
  }
  const predicate = sql.fetchValuesPredicate?.trim();
  if (predicate) {
    const error = await refusal(() =>
      policy.checkExpression({ field: 'fetch_values_predicate', sql: predicate, role: 'predicate' }, null),
    );
    if (error) add('fetch_values_predicate', error.message);
  }
  return errors;
}

/** A virtual dataset's rendered SQL as the one read statement it must be (no trailing ';'); 422 otherwise. */
export async function checkedDatasetQuery(
  ctx: Pick<AppContext, 'config'>,
  engine: EngineName,
  query: string,
): Promise<string> {
  try {
    return (await sqlPolicyOf(ctx, engine).checkQuery(query, 'sql', { allowedTables: null })).sql;
  } catch (error) {
    if (error instanceof CustomSqlError) throw new UnprocessableError({ sql: [error.message] });
    throw error;
  }
}
