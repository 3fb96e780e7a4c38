import type { ExecuteResult } from '@vitrina/common/api/sqllab';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { AppContext } from '../../http/types.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import { queryDict } from '../../resources/queries/repo.ts';
import { canAccessDatabase } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { SqlLabError } from './errors.ts';
import { engineOf, resultPayload } from './execute.ts';
import { concludeQuery, findByClientId, findByResultsKey, isRunningState } from './repo.ts';
import { readStoredResult } from './resultsStorage.ts';
import { rlsInSqlLab } from './rowLevelSecurity.ts';
import { requestStop } from './running.ts';

/** Reading stored results and stopping queries. */

/** `GET /api/v1/sqllab/results/`: the stored rows of an async run, cut to `rows` (and DISPLAY_MAX_ROW). */
export async function fetchResults(
  ctx: AppContext,
  principal: Principal,
  key: string,
  rows: number | undefined,
): Promise<ExecuteResult> {
  const db = ctx.metastore.db;
  const row = await findByResultsKey(db, key);
  if (!row)
    throw new SqlLabError(404, 'RESULTS_BACKEND_ERROR', 'The query associated with the results was deleted.');
  // A results key is no capability: it shows up in query lists and links. The rows are the runner's
  // (or an administrator's) to read, as Superset's results command checks the query's user.
  if (row.user_id !== principal.id && !principal.isAdmin) {
    throw new SqlLabError(
      403,
      'QUERY_SECURITY_ACCESS_ERROR',
      'You are not authorized to see this query. If you think this is an error, please reach out to your administrator.',
    );
  }
  const database = await findDatabase(db, row.database_id);
  // Stored rows are data of the database: its access is needed now, by the query's owner too. Under
  // RLS_IN_SQLLAB another user's rows may hold what the reader's rules hide, so even an administrator
  // reads only their own.
  const othersUnderRls = rlsInSqlLab(ctx) && row.user_id !== principal.id;
  if (!database || !canAccessDatabase(principal, database) || othersUnderRls) {
    throw new SqlLabError(
      403,
      'DATABASE_SECURITY_ACCESS_ERROR',
      'You do not have access to the results of this query.',
    );
  }
  const bytes = await ctx.platform.results.get(key);
  if (!bytes) {
    throw new SqlLabError(
      410,
      'RESULTS_BACKEND_ERROR',
      'Data could not be retrieved from the results backend. You need to re-run the original query.',
    );
  }
  const stored = readStoredResult(bytes);
  const cap = Math.min(
    rows && rows > 0 ? rows : ctx.config.sqlLab.displayMaxRow,
    ctx.config.sqlLab.displayMaxRow,
  );
  return resultPayload(ctx, getDialect(engineOf(database)), stored, await queryDict(db, row), cap);
}

/**
 * Stops a query: the process running it cancels it in the database, and the row is marked stopped.
 * A query that already finished is left as it is (the answer is OK all the same, as Superset's).
 */
export async function stopQuery(ctx: AppContext, principal: Principal, clientId: string): Promise<void> {
  const db = ctx.metastore.db;
  const row = await findByClientId(db, clientId);
  if (!row) throw new SqlLabError(404, 'GENERIC_COMMAND_ERROR', 'Query not found.');
  if (row.user_id !== principal.id && !principal.isAdmin) {
    throw new SqlLabError(403, 'DATABASE_SECURITY_ACCESS_ERROR', 'You can only stop your own queries.');
  }
  if (!isRunningState(row.status)) return;
  await concludeQuery(db, row.id, 'stopped', {
    end_time: Date.now(),
    error_message: 'The query was stopped.',
  });
  await requestStop(ctx, clientId);
}
