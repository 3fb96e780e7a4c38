import { PassThrough } from 'node:stream';
import { databaseConnections } from '../../connections/connections.ts';
import { describeDatabase } from '../../connections/uris.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import { parseQueryExtra } from '../../resources/queries/repo.ts';
import { canAccessDatabase } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import {
  contentDisposition,
  csvContentType,
  ExportError,
  engineCsvOptions,
  headerOnlyExport,
  type PreparedEngineCsv,
  type PreparedExport,
  prepareEngineCsv,
  prepareExport,
  writeCsv,
  writeEngineCsv,
} from '../export/index.ts';
import { SqlLabError } from './errors.ts';
import { exportConnection } from './planConnection.ts';
import { findByClientId } from './repo.ts';
import { checkSqlLabRowLevelSecurity } from './rowLevelSecurity.ts';

/**
 * `GET /api/v1/sqllab/export/{client_id}/`: the whole result of a query as CSV. The result statement
 * runs again without SQL Lab's row limit and streams from the driver into the file, so memory stays
 * bounded whatever the size (the stored rows are only the displayed part): as the engine's own CSV
 * lines where the driver has them (DatabaseSession.streamCsv), else through the JavaScript writer.
 */

export interface CsvFile {
  fileName: string;
  contentType: string;
  disposition: string;
  body: PassThrough;
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}_${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
}

/** `<tab name>_<UTC time>.csv`, as Superset names SQL Lab exports. */
export function exportFileName(tabName: string | null, now = new Date()): string {
  const base = (tabName ?? '').replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || 'query';
  return `${base}_${stamp(now)}.csv`;
}

/**
 * Runs the script's session setup (SET, temporary tables) and then streams the result statement into
 * `body`, all on one connection with the query's schema, as the run itself did. Answers once the first
 * rows are there (a failure before that is thrown); `finished` settles with null or the later failure.
 */
async function streamInSession(
  ctx: AppContext,
  database: DatabaseRow,
  schema: string | null,
  setup: readonly string[],
  sql: string,
  body: PassThrough,
): Promise<{ finished: Promise<unknown> }> {
  const timeoutMs = ctx.config.sqlLab.asyncTimeLimitSeconds * 1000;
  let opened: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const finished = exportConnection(databaseConnections(ctx), database, setup)
    .session({ schema }, async (session) => {
      for (const statement of setup) await session.execute(statement, { timeoutMs });
      const rules = engineCsvOptions();
      const lines = rules && session.streamCsv ? await session.streamCsv(sql, { timeoutMs, ...rules }) : null;
      if (lines) {
        const engine: PreparedEngineCsv | { columns: typeof lines.columns } = await prepareEngineCsv(
          lines,
        ).catch((error: unknown) => {
          // An empty result is a file with its header only.
          if (error instanceof ExportError && error.code === 'NO_DATA') return { columns: lines.columns };
          throw error;
        });
        opened();
        await writeEngineCsv(engine, body);
        return;
      }
      const source = await session.stream(sql, { timeoutMs });
      const { columnKind } = describeDatabase(database).dialect;
      const prepared: PreparedExport = await prepareExport(source, columnKind).catch((error: unknown) => {
        // An empty result is a file with its header only.
        if (error instanceof ExportError && error.code === 'NO_DATA')
          return headerOnlyExport(source.columns, columnKind);
        throw error;
      });
      opened();
      await writeCsv(prepared, body);
    })
    .then(
      () => null,
      (error: unknown) => error ?? new Error('The export failed.'),
    );
  const early = await Promise.race([ready.then(() => null), finished]);
  if (early !== null) {
    if (early instanceof DatabaseError || early instanceof ExportError) {
      throw new SqlLabError(400, 'GENERIC_DB_ENGINE_ERROR', early.message);
    }
    throw early;
  }
  return { finished };
}

export async function exportCsv(ctx: AppContext, principal: Principal, clientId: string): Promise<CsvFile> {
  const db = ctx.metastore.db;
  const row = await findByClientId(db, clientId);
  if (!row || (row.user_id !== principal.id && !principal.isAdmin)) {
    throw new SqlLabError(404, 'GENERIC_COMMAND_ERROR', 'The query was not found.');
  }
  const database = await findDatabase(db, row.database_id);
  if (!database || !canAccessDatabase(principal, database)) {
    throw new SqlLabError(
      403,
      'DATABASE_SECURITY_ACCESS_ERROR',
      'You do not have access to the data of this query.',
    );
  }
  const extra = parseQueryExtra(row.extra_json);
  const sql = extra.exportSql ?? row.select_sql;
  if (row.status !== 'success' || !sql) {
    throw new SqlLabError(
      400,
      'GENERIC_COMMAND_ERROR',
      'Only the results of a successful query can be exported.',
    );
  }
  // The export runs the query again, as the caller: their row-level security is checked again.
  await checkSqlLabRowLevelSecurity(
    ctx,
    principal,
    database,
    [...(extra.exportSetup ?? []), sql],
    row.schema,
  );
  const body = new PassThrough();
  const prepared = await streamInSession(ctx, database, row.schema, extra.exportSetup ?? [], sql, body);
  void prepared.finished.then((error) =>
    error === null ? body.end() : body.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  const fileName = exportFileName(row.tab_name);
  return { fileName, contentType: csvContentType('utf-8'), disposition: contentDisposition(fileName), body };
}
