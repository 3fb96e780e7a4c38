import type { LimitingFactor } from '@vitrina/common/api/sqllab';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
import type { ParsedStatement } from '../../drivers/parsers/types.ts';
import { SqlLabError } from './errors.ts';
import { sessionSetupStatements } from './sessionSetup.ts';
import { applyLimit, type StatementKind, topLevelLimit } from './sqlText.ts';

/**
 * What a run will execute, decided before anything runs: every statement is checked against the
 * database's flags first, so a refused script executes nothing at all.
 */

export interface DatabaseFlags {
  allowDml: boolean;
  allowCtas: boolean;
  allowCvas: boolean;
  forceCtasSchema: string | null;
}

export interface CtasRequest {
  method: 'TABLE' | 'VIEW';
  tableName: string;
  schema: string | null;
}

export interface PlanInput {
  /** The rendered script's statements as the engine's parser split and classified them. */
  statements: readonly ParsedStatement[];
  /** The dropdown's limit, already clamped to SQL_MAX_ROW. */
  queryLimit: number;
  flags: DatabaseFlags;
  dialect: SqlDialect;
  ctas: CtasRequest | null;
}

export interface PlannedStatement {
  sql: string;
  kind: StatementKind;
}

export interface ExecutionPlan {
  statements: PlannedStatement[];
  /** Index of the statement whose rows are the result (the last one returning rows), or -1. */
  resultIndex: number;
  /** Rows the user may get; one more is fetched to know whether the limit was hit. */
  limit: number;
  /** Which limit applies if rows are cut (NOT_LIMITED replaces it when they are not). */
  limitingFactor: LimitingFactor;
  /** SELECT over the table a CTAS created, for `select_sql`. */
  selectSql: string | null;
  ctas: { schema: string | null; table: string } | null;
  /** The result statement without SQL Lab's limit: what a CSV export of the whole result runs. */
  exportSql: string | null;
  /** The earlier statements the export runs first, on the same connection (settings, temp tables). */
  exportSetup: string[];
}

export const DML_NOT_ALLOWED_MESSAGE = 'Only SELECT statements are allowed against this database.';

function factor(sqlLimit: number | null, dropdown: number): LimitingFactor {
  if (sqlLimit === null || dropdown < sqlLimit) return 'DROPDOWN';
  return sqlLimit < dropdown ? 'QUERY' : 'QUERY_AND_DROPDOWN';
}

/** SELECT-like reads take SQL Lab's row limit; other reads (SHOW, DESCRIBE, EXPLAIN) run as written. */
function planned(statement: ParsedStatement): PlannedStatement {
  if (statement.kind !== 'read') return { sql: statement.sql, kind: 'mutating' };
  return { sql: statement.sql, kind: LIMITABLE.has(statement.type) ? 'select' : 'readOnly' };
}

const LIMITABLE = new Set(['SELECT', 'VALUES', 'WITH', 'TABLE']);

export function planExecution(input: PlanInput): ExecutionPlan {
  if (input.statements.length === 0)
    throw new SqlLabError(400, 'GENERIC_COMMAND_ERROR', 'The query is empty.');
  const statements = input.statements.map(planned);
  const texts = statements.map((statement) => statement.sql);
  const mutating = statements.some((statement) => statement.kind === 'mutating');
  if (mutating && !input.flags.allowDml) {
    throw new SqlLabError(400, 'DML_NOT_ALLOWED_ERROR', DML_NOT_ALLOWED_MESSAGE);
  }
  if (input.ctas) return planCtas(input, statements);

  let resultIndex = -1;
  statements.forEach((statement, index) => {
    if (statement.kind !== 'mutating') resultIndex = index;
  });
  let limit = input.queryLimit;
  let limitingFactor: LimitingFactor = 'DROPDOWN';
  const result = statements[resultIndex];
  if (result?.kind === 'select') {
    const sqlLimit = topLevelLimit(result.sql);
    limit = sqlLimit === null ? input.queryLimit : Math.min(sqlLimit, input.queryLimit);
    limitingFactor = factor(sqlLimit, input.queryLimit);
  }
  const exportSql = result ? result.sql : null;
  const exportSetup = sessionSetupStatements(texts, resultIndex);
  if (result?.kind === 'select') result.sql = applyLimit(result.sql, limit + 1).sql;
  return {
    statements,
    resultIndex,
    limit,
    limitingFactor,
    selectSql: null,
    ctas: null,
    exportSql,
    exportSetup,
  };
}

/** CREATE TABLE/VIEW … AS the last statement, which must be a SELECT; only where the flag allows it. */
function planCtas(input: PlanInput, statements: PlannedStatement[]): ExecutionPlan {
  const ctas = input.ctas as CtasRequest;
  const isView = ctas.method === 'VIEW';
  if (isView ? !input.flags.allowCvas : !input.flags.allowCtas) {
    throw new SqlLabError(
      400,
      isView ? 'INVALID_CVAS_QUERY_ERROR' : 'INVALID_CTAS_QUERY_ERROR',
      isView
        ? 'This database does not allow CREATE VIEW AS SELECT.'
        : 'This database does not allow CREATE TABLE AS SELECT.',
    );
  }
  const last = statements.at(-1) as PlannedStatement;
  if (last.kind !== 'select' || (isView && statements.length > 1)) {
    throw new SqlLabError(
      400,
      isView ? 'INVALID_CVAS_QUERY_ERROR' : 'INVALID_CTAS_QUERY_ERROR',
      isView
        ? 'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.'
        : 'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.',
    );
  }
  const schema = input.flags.forceCtasSchema || ctas.schema;
  const target = input.dialect.qualifiedTable({ schema, table: ctas.tableName });
  last.sql = `CREATE ${isView ? 'VIEW' : 'TABLE'} ${target} AS\n${last.sql}`;
  last.kind = 'mutating';
  return {
    statements,
    resultIndex: -1,
    limit: input.queryLimit,
    limitingFactor: 'NOT_LIMITED',
    selectSql: `SELECT * FROM ${target}`,
    ctas: { schema, table: ctas.tableName },
    exportSql: `SELECT * FROM ${target}`,
    // The created table outlives the session: reading it needs nothing replayed.
    exportSetup: [],
  };
}
