import { ALERT_SQL_LIMIT, type AlertEvaluation, evaluateAlert } from '@vitrina/common/reports/alertValidator';
import { type RunError, runError } from '@vitrina/common/reports/runErrors';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { databaseConnections } from '../../connections/connections.ts';
import type { AppContext } from '../../http/types.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import { canAccessDatabase } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { engineOf } from '../sqllab/execute.ts';
import { checkLimitedStatements, parseScript } from '../sqllab/parsedScript.ts';
import { planExecution } from '../sqllab/plan.ts';
import { planConnection } from '../sqllab/planConnection.ts';
import { checkSqlLabRowLevelSecurity } from '../sqllab/rowLevelSecurity.ts';
import { runPlan } from '../sqllab/runner.ts';
import type { ScheduleRow } from './repo.ts';

/**
 * An alert's query, run as SQL Lab runs a read: the engine's parser and the SQL policy decide what it
 * is, writes are refused whatever the database allows, it runs on the read-only pool with LIMIT 2
 * (ALERT_SQL_LIMIT), as the executor (database access, row-level security where SQL Lab applies it).
 */

export class AlertQueryError extends Error {
  constructor(
    message: string,
    readonly coded: RunError = runError('alert_query_failed', {}, message),
  ) {
    super(message);
    this.name = 'AlertQueryError';
  }
}

type AlertSchedule = Pick<ScheduleRow, 'database_id' | 'sql' | 'validator_type' | 'validator_config_json'>;

async function alertResult(ctx: AppContext, principal: Principal, schedule: AlertSchedule) {
  if (schedule.database_id === null || !schedule.sql?.trim()) {
    throw new AlertQueryError('The alert has no database or SQL to run', runError('alert_no_sql'));
  }
  const database = await findDatabase(ctx.metastore.db, schedule.database_id);
  if (!database) {
    throw new AlertQueryError('The alert’s database no longer exists', runError('alert_database_gone'));
  }
  if (!canAccessDatabase(principal, database)) {
    throw new AlertQueryError(
      `The alert’s owner has no access to the database "${database.database_name}"`,
      runError('alert_no_access', { database: database.database_name }),
    );
  }
  const engine = engineOf(database);
  const dialect = getDialect(engine);
  const plan = planExecution({
    statements: await parseScript(ctx, engine, schedule.sql),
    queryLimit: ALERT_SQL_LIMIT,
    // An alert only reads, whatever the database allows SQL Lab.
    flags: { allowDml: false, allowCtas: false, allowCvas: false, forceCtasSchema: null },
    dialect,
    ctas: null,
  });
  await checkLimitedStatements(ctx, engine, plan);
  const statements = plan.statements.map((statement) => statement.sql);
  await checkSqlLabRowLevelSecurity(ctx, principal, database, statements, null);
  const connection = planConnection(databaseConnections(ctx), database, plan);
  const outcome = await runPlan(connection, dialect, plan, {
    timeoutMs: ctx.config.chartData.queryTimeoutSeconds * 1000,
  });
  return { columns: outcome.columns.map((column) => column.name), rows: outcome.rows };
}

/** Runs the alert's query and evaluates it; a query that fails or is refused throws AlertQueryError. */
export async function evaluateScheduledAlert(
  ctx: AppContext,
  principal: Principal,
  schedule: AlertSchedule,
): Promise<AlertEvaluation> {
  let result: Awaited<ReturnType<typeof alertResult>>;
  try {
    result = await alertResult(ctx, principal, schedule);
  } catch (error) {
    if (error instanceof AlertQueryError) throw error;
    throw new AlertQueryError(error instanceof Error ? error.message : String(error));
  }
  const type = schedule.validator_type === 'not null' ? 'not null' : 'operator';
  return evaluateAlert(type, schedule.validator_config_json, result);
}
