import { randomBytes } from 'node:crypto';
import { DEFAULT_SQLLAB_QUERY_LIMIT, QUERY_CLIENT_ID_LENGTH } from '@vitrina/common/api/constants/sqllab';
import type { ExecuteRequest, ExecuteResult, SqlLabQuery } from '@vitrina/common/api/sqllab';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import { databaseConnections } from '../../connections/connections.ts';
import { describeDatabase } from '../../connections/uris.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import { databaseErrorToHttp, HttpError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import { setRawJsonField } from '../../platform/rawJsonFields.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import { findById, type QueryRow, queryDict } from '../../resources/queries/repo.ts';
import { canAccessDatabase } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { enqueueQuery } from './asyncQueries.ts';
import { SqlLabError } from './errors.ts';
import { checkLimitedStatements, parseScript } from './parsedScript.ts';
import { type ExecutionPlan, planExecution } from './plan.ts';
import { planConnection } from './planConnection.ts';
import {
  concludeQuery,
  emailOf,
  findByClientId,
  getById,
  insertQueryRow,
  isRunningState,
  setLatestQueryOfTab,
  updateQuery,
} from './repo.ts';
import { storeResult } from './resultsStorage.ts';
import { checkSqlLabRowLevelSecurity } from './rowLevelSecurity.ts';
import { recordSqlLabRun } from './runLog.ts';
import { describeColumns, type RunOutcome, rowsAsObjects, runPlan } from './runner.ts';
import { trackRun } from './running.ts';
import { parseTemplateParams, renderSqlLabTemplate, TemplateError } from './templating.ts';

/** `POST /api/v1/sqllab/execute/`: a Query row first, then a sync run or a job on the queue. */

/**
 * A sync run stopped by the user: Superset's executor returns the payload `{query_id, status:
 * "stopped"}` as a normal 200 answer (only a timeout is an error, 408).
 */
export interface StoppedRun {
  query_id: number;
  status: 'stopped';
}

export type ExecuteAnswer =
  | { status: 200; body: ExecuteResult | { query: SqlLabQuery } | StoppedRun }
  | { status: 202; body: { query: SqlLabQuery } };

const CLIENT_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newClientId(): string {
  const bytes = randomBytes(QUERY_CLIENT_ID_LENGTH);
  return [...bytes].map((byte) => CLIENT_ID_ALPHABET[byte % CLIENT_ID_ALPHABET.length]).join('');
}

export async function loadDatabase(ctx: AppContext, principal: Principal, id: number): Promise<DatabaseRow> {
  const row = await findDatabase(ctx.metastore.db, id);
  if (!row) {
    throw new SqlLabError(
      404,
      'DATABASE_NOT_FOUND_ERROR',
      'The database referenced in this query was not found. Please contact an administrator for further assistance or try again.',
    );
  }
  if (!canAccessDatabase(principal, row)) {
    throw new SqlLabError(
      403,
      'DATABASE_SECURITY_ACCESS_ERROR',
      `You need access to the database "${row.database_name}" to run this query. Please contact your administrator.`,
    );
  }
  return row;
}

/** The dropdown's limit: 1000 by default, never above SQL_MAX_ROW. */
export function clampQueryLimit(ctx: AppContext, requested: number | undefined): number {
  const limit = requested && requested > 0 ? Math.floor(requested) : DEFAULT_SQLLAB_QUERY_LIMIT;
  return Math.min(limit, ctx.config.sqlLab.maxRow);
}

/** The user's identity for the template macros. */
async function templateUser(ctx: AppContext, principal: Principal) {
  const email = await emailOf(ctx.metastore.db, principal.id);
  return { id: principal.id, username: principal.username, email: email ?? null };
}

async function insertQuery(
  ctx: AppContext,
  principal: Principal,
  database: DatabaseRow,
  body: ExecuteRequest,
  clientId: string,
  limit: number,
  runAsync: boolean,
): Promise<QueryRow> {
  const now = Date.now();
  return insertQueryRow(ctx.metastore.db, {
    client_id: clientId,
    database_id: database.id,
    user_id: principal.id,
    catalog: body.catalog ?? null,
    schema: body.schema ?? null,
    sql: body.sql,
    select_sql: null,
    executed_sql: null,
    sql_editor_id: body.sql_editor_id ?? null,
    tab_name: body.tab ?? null,
    status: runAsync ? 'pending' : 'running',
    rows: null,
    limit,
    run_async: runAsync ? 1 : 0,
    select_as_cta: body.select_as_cta ? 1 : 0,
    ctas_method: body.select_as_cta ? (body.ctas_method ?? 'TABLE') : null,
    tmp_schema_name: null,
    tmp_table_name: body.select_as_cta ? (body.tmp_table_name ?? null) : null,
    template_params: body.templateParams ?? null,
    error_message: null,
    results_key: null,
    tracking_url: null,
    start_time: now,
    start_running_time: runAsync ? null : now,
    end_time: null,
    end_result_backend_time: null,
    changed_on: nowIso(),
  });
}

/**
 * The tab the query runs in (its tab state id as `sql_editor_id`) keeps it as its latest query, so
 * that a reload of the page shows its results; a data preview (no editor) leaves the tab alone.
 */
async function markLatestQuery(
  ctx: AppContext,
  principal: Principal,
  body: ExecuteRequest,
  clientId: string,
): Promise<void> {
  const tabId = Number(body.sql_editor_id);
  if (!body.sql_editor_id || !Number.isSafeInteger(tabId) || tabId <= 0) return;
  await setLatestQueryOfTab(ctx.metastore.db, tabId, principal.id, clientId);
}

/** Renders and plans the run; a refusal marks the row failed and is rethrown for the answer. */
async function prepare(
  ctx: AppContext,
  principal: Principal,
  database: DatabaseRow,
  body: ExecuteRequest,
  row: QueryRow,
  urlParams: Record<string, string>,
  runAsync: boolean,
): Promise<ExecutionPlan> {
  try {
    const params = parseTemplateParams(body.templateParams);
    const sql = renderSqlLabTemplate(body.sql, params, {
      user: await templateUser(ctx, principal),
      urlParams,
    });
    const ctasTable = body.tmp_table_name?.trim() || `tmp_${principal.id}_table_${Date.now()}`;
    const engine = engineOf(database);
    const plan = planExecution({
      statements: await parseScript(ctx, engine, sql),
      queryLimit: row.limit ?? DEFAULT_SQLLAB_QUERY_LIMIT,
      flags: {
        allowDml: database.allow_dml === 1,
        allowCtas: database.allow_ctas === 1,
        allowCvas: database.allow_cvas === 1,
        forceCtasSchema: database.force_ctas_schema,
      },
      dialect: getDialect(engineOf(database)),
      ctas: body.select_as_cta
        ? { method: body.ctas_method ?? 'TABLE', tableName: ctasTable, schema: body.schema ?? null }
        : null,
    });
    await checkLimitedStatements(ctx, engine, plan);
    // An async run is checked by the worker that runs it, once, with the rules of that moment.
    if (!runAsync) {
      await checkSqlLabRowLevelSecurity(
        ctx,
        principal,
        database,
        plan.statements.map((statement) => statement.sql),
        body.schema ?? null,
      );
    }
    await updateQuery(ctx.metastore.db, row.id, {
      limit: plan.limit,
      select_sql: plan.selectSql,
      extra: { exportSql: plan.exportSql, exportSetup: plan.exportSetup },
      ...(plan.ctas && {
        tmp_table_name: plan.ctas.table,
        tmp_schema_name: plan.ctas.schema,
        select_as_cta_used: 1,
      }),
    });
    return plan;
  } catch (error) {
    const refusal =
      error instanceof TemplateError ? new SqlLabError(400, error.errorType, error.message) : error;
    await concludeQuery(ctx.metastore.db, row.id, 'failed', {
      error_message: refusal instanceof Error ? refusal.message : String(refusal),
      end_time: Date.now(),
    });
    recordSqlLabRun(ctx, row, {
      status: 'refused',
      durationMs: Date.now() - (row.start_time ?? Date.now()),
      error: refusal,
    });
    throw refusal;
  }
}

function required(row: QueryRow | undefined): QueryRow {
  if (!row) throw new Error('the query row disappeared');
  return row;
}

export function engineOf(database: Pick<DatabaseRow, 'sqlalchemy_uri'>): EngineName {
  return describeDatabase(database).engine;
}

export async function executeSql(
  ctx: AppContext,
  principal: Principal,
  body: ExecuteRequest,
  urlParams: Record<string, string>,
): Promise<ExecuteAnswer> {
  const database = await loadDatabase(ctx, principal, body.database_id);
  const clientId = body.client_id || newClientId();
  const existing = await findByClientId(ctx.metastore.db, clientId);
  if (existing) {
    if (existing.user_id === principal.id && isRunningState(existing.status)) {
      return { status: 200, body: { query: await queryDict(ctx.metastore.db, existing) } };
    }
    throw new SqlLabError(
      400,
      'GENERIC_COMMAND_ERROR',
      `A query with the client id "${clientId}" already exists.`,
    );
  }
  const runAsync = Boolean(body.runAsync) && database.allow_run_async === 1;
  const limit = clampQueryLimit(ctx, body.queryLimit);
  const row = await insertQuery(ctx, principal, database, body, clientId, limit, runAsync);
  await markLatestQuery(ctx, principal, body, clientId);
  const plan = await prepare(ctx, principal, database, body, row, urlParams, runAsync);
  if (runAsync) {
    // Answered as queued: a worker in this process may take the job before the answer is written.
    const pending = await queryDict(
      ctx.metastore.db,
      await findById(ctx.metastore.db, row.id).then(required),
    );
    await enqueueQuery(ctx, row, plan);
    return { status: 202, body: { query: pending } };
  }
  return { status: 200, body: await runSync(ctx, database, row, plan) };
}

/** What a finished run stores on its row. */
export function successChanges(outcome: RunOutcome, dialect: ReturnType<typeof getDialect>) {
  return {
    rows: outcome.rowCount,
    progress: 100,
    end_time: Date.now(),
    executed_sql: outcome.executedSql,
    limiting_factor: outcome.limitingFactor,
    extra: { progress: null, columns: describeColumns(dialect, outcome.columns) },
  };
}

/** Runs a planned query on the database, following the row's state as Superset does. */
export async function runQuery(
  ctx: AppContext,
  database: DatabaseRow,
  row: QueryRow,
  plan: ExecutionPlan,
  timeoutMs: number,
): Promise<RunOutcome> {
  const dialect = getDialect(engineOf(database));
  const connection = planConnection(databaseConnections(ctx), database, plan);
  const { signal, stop, release } = await trackRun(ctx, row.client_id);
  const started = Date.now();
  try {
    // A stop between the row turning running and the registration above reached no run: honour it now.
    if ((await getById(ctx.metastore.db, row.id)).status === 'stopped') stop();
    const outcome = await runPlan(connection, dialect, plan, {
      signal,
      timeoutMs,
      schema: row.schema,
      jsonRecords: recordsByEngine(ctx, plan),
      onStatement: async (index, count) => {
        if (count < 2) return;
        await updateQuery(ctx.metastore.db, row.id, {
          progress: Math.round((index * 100) / count),
          extra: { progress: `Running statement ${index + 1} out of ${count}` },
        });
      },
    });
    recordSqlLabRun(ctx, row, {
      status: 'success',
      durationMs: Date.now() - started,
      rowCount: outcome.rowCount,
    });
    return outcome;
  } catch (error) {
    const failure = error instanceof DatabaseError ? error : null;
    const status =
      failure?.errorType === 'SQLLAB_TIMEOUT_ERROR'
        ? 'timed_out'
        : failure?.errorType === 'QUERY_CANCELLED_ERROR'
          ? 'stopped'
          : 'failed';
    recordSqlLabRun(ctx, row, { status, durationMs: Date.now() - started, error });
    await concludeQuery(ctx.metastore.db, row.id, status, {
      error_message: error instanceof Error ? error.message : String(error),
      end_time: Date.now(),
      executed_sql: plan.statements.map((statement) => statement.sql).join(';\n'),
    });
    throw error;
  } finally {
    release();
  }
}

/**
 * Whether a run's result rows may be written as JSON records by the engine (runner.ts): a SELECT's
 * rows that the answer shows whole (the display cap would otherwise cut them), not a CTAS.
 */
function recordsByEngine(ctx: AppContext, plan: ExecutionPlan): boolean {
  const result = plan.statements[plan.resultIndex];
  return !plan.ctas && result?.kind === 'select' && plan.limit <= ctx.config.sqlLab.displayMaxRow;
}

/** A run's result as the execute answer and the results store take it: rows, or engine-written records. */
export type ResultRows = Pick<RunOutcome, 'columns' | 'rows' | 'records' | 'rowCount'>;

/** The execute answer of a finished run, with the display cap applied. */
export function resultPayload(
  ctx: AppContext,
  dialect: ReturnType<typeof getDialect>,
  outcome: ResultRows,
  query: SqlLabQuery,
  displayRows = ctx.config.sqlLab.displayMaxRow,
): ExecuteResult {
  const columns = describeColumns(dialect, outcome.columns);
  const cut = outcome.rowCount > displayRows;
  const payload: ExecuteResult = {
    query_id: query.queryId,
    status: query.state,
    data: [],
    columns,
    selected_columns: columns,
    expanded_columns: [],
    query,
    ...(cut && { displayLimitReached: true }),
  };
  if (outcome.records && !cut) {
    // The engine's records go into the answer as the bytes it wrote (sent by encodeWithRawFields).
    setRawJsonField(payload, 'data', outcome.records);
  } else if (outcome.records) {
    payload.data = (JSON.parse(outcome.records.toString('utf8')) as ExecuteResult['data']).slice(
      0,
      displayRows,
    );
  } else {
    payload.data = rowsAsObjects(outcome.columns, cut ? outcome.rows.slice(0, displayRows) : outcome.rows);
  }
  return payload;
}

async function runSync(
  ctx: AppContext,
  database: DatabaseRow,
  row: QueryRow,
  plan: ExecutionPlan,
): Promise<ExecuteResult | StoppedRun> {
  const dialect = getDialect(engineOf(database));
  let outcome: RunOutcome;
  try {
    outcome = await runQuery(ctx, database, row, plan, ctx.config.sqlLab.syncTimeoutSeconds * 1000);
  } catch (error) {
    if (error instanceof DatabaseError) {
      if (error.errorType === 'QUERY_CANCELLED_ERROR') return { query_id: row.id, status: 'stopped' };
      throw databaseErrorToHttp(error, error.errorType === 'SQLLAB_TIMEOUT_ERROR' ? 408 : 400);
    }
    throw error;
  }
  // With backend persistence (Superset's rule for sync runs) the rows are kept for a reload of the page.
  const resultsKey =
    ctx.config.featureFlags.SQLLAB_BACKEND_PERSISTENCE === true && !plan.ctas
      ? await storeResult(ctx, outcome)
      : null;
  const concluded = await concludeQuery(ctx.metastore.db, row.id, 'success', {
    ...successChanges(outcome, dialect),
    ...(resultsKey && { results_key: resultsKey, end_result_backend_time: Date.now() }),
  });
  if (!concluded && resultsKey) await ctx.platform.results.delete(resultsKey);
  const finished = await getById(ctx.metastore.db, row.id);
  const query = await queryDict(ctx.metastore.db, finished);
  // Stopped while its rows were on their way: the stop wins, as the user asked for it.
  if (query.state === 'stopped') return { query_id: row.id, status: 'stopped' };
  if (query.state !== 'success') {
    // Concluded elsewhere meanwhile (a sweep of abandoned runs failed it): its message is the answer.
    throw new HttpError(400, {
      errors: [
        {
          message: query.errorMessage ?? 'The query failed.',
          error_type: 'GENERIC_DB_ENGINE_ERROR',
          level: 'error',
          extra: {},
        },
      ],
    });
  }
  return resultPayload(ctx, dialect, outcome, query);
}
