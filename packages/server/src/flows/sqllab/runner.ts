import { GENERIC_DATA_TYPE } from '@vitrina/common/api/constants/genericDataType';
import type { LimitingFactor, ResultColumnInfo } from '@vitrina/common/api/sqllab';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
import type { DatabaseConnection, JsonRecords, ResultColumn } from '../../drivers/driver.ts';
import { timeoutError } from '../../drivers/errorMapping.ts';
import { rowRecords } from '../../platform/rowRecords.ts';
import type { ExecutionPlan } from './plan.ts';

/** Runs a plan's statements in order on a database and keeps the result statement's rows. */

export interface RunOutcome {
  columns: ResultColumn[];
  /** The result's rows, unless the engine wrote them as JSON records (then empty: see records). */
  rows: unknown[][];
  /** The result's rows as JSON records written by the engine (UTF-8 `[{…},…]`), where it did. */
  records: Buffer | null;
  rowCount: number;
  limitingFactor: LimitingFactor;
  /** The statements as executed, joined as a script. */
  executedSql: string;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** The tab's schema, applied on the script's connection before its first statement. */
  schema?: string | null;
  /** For the whole script; each statement gets what is left. */
  timeoutMs: number;
  onStatement?: (index: number, count: number) => Promise<void>;
  /**
   * Whether the result statement's rows may come as JSON records the engine writes (values as
   * execute() gives them, no JavaScript row per record), where the session's engine can.
   */
  jsonRecords?: boolean;
}

export function executedSqlOf(plan: ExecutionPlan): string {
  return plan.statements.map((statement) => statement.sql).join(';\n');
}

/** The whole script runs in one session: one connection, so SET and temporary tables carry over. */
export async function runPlan(
  connection: Pick<DatabaseConnection, 'session'>,
  dialect: SqlDialect,
  plan: ExecutionPlan,
  options: RunOptions,
): Promise<RunOutcome> {
  const deadline = performance.now() + options.timeoutMs;
  let columns: ResultColumn[] = [];
  let rows: unknown[][] = [];
  let records: JsonRecords | null = null;
  const count = plan.statements.length;
  const signal = options.signal && { signal: options.signal };
  await connection.session({ schema: options.schema ?? null, ...signal }, async (session) => {
    for (const [index, statement] of plan.statements.entries()) {
      await options.onStatement?.(index, count);
      const remaining = () => {
        const left = deadline - performance.now();
        if (left <= 0) throw timeoutError(dialect.engine, options.timeoutMs);
        return left;
      };
      if (index === plan.resultIndex && options.jsonRecords && session.executeJsonRecords) {
        // The statement fetches one row past the limit (to tell the limit was hit): it is left out.
        records = await session.executeJsonRecords(statement.sql, {
          timeoutMs: remaining(),
          ...signal,
          temporal: () => false,
          maxRows: plan.limit,
        });
        if (records) {
          columns = records.columns;
          continue;
        }
      }
      const result = await session.execute(statement.sql, { timeoutMs: remaining(), ...signal });
      if (index === plan.resultIndex) {
        columns = result.columns;
        rows = result.rows;
      }
    }
  });
  const executedSql = executedSqlOf(plan);
  const written = records as JsonRecords | null;
  if (written) {
    const limitingFactor = written.more ? plan.limitingFactor : 'NOT_LIMITED';
    return {
      columns,
      rows: [],
      records: written.json,
      rowCount: written.rowCount,
      limitingFactor,
      executedSql,
    };
  }
  let limitingFactor: LimitingFactor = 'NOT_LIMITED';
  if (rows.length > plan.limit) {
    // One more row than allowed was fetched to know the limit was hit; it is not shown.
    rows = rows.slice(0, plan.limit);
    limitingFactor = plan.limitingFactor;
  }
  return { columns, rows, records: null, rowCount: rows.length, limitingFactor, executedSql };
}

/** Superset's column descriptions of a result. */
export function describeColumns(dialect: SqlDialect, columns: ResultColumn[]): ResultColumnInfo[] {
  return columns.map((column) => {
    const generic = dialect.genericType(column.type);
    return {
      column_name: column.name,
      name: column.name,
      type: column.type,
      type_generic: generic === null ? null : GENERIC_DATA_TYPE[generic],
      is_dttm: generic === 'TEMPORAL',
    };
  });
}

/** Rows as objects keyed by column name, as the execute answer carries them. */
export function rowsAsObjects(columns: ResultColumn[], rows: unknown[][]): Array<Record<string, unknown>> {
  return rowRecords(
    columns.map((column) => column.name),
    rows,
  );
}
