import { PassThrough } from 'node:stream';
import { databaseConnections } from '../databases/connections.ts';
import { DatabaseError } from '../drivers/errors.ts';
import {
  contentDisposition,
  csvContentType,
  ExportError,
  type PreparedExport,
  prepareExport,
  writeCsv,
} from '../export/index.ts';
import type { AppContext } from '../http/types.ts';
import { canAccessDatabase } from '../security/dataAccess.ts';
import type { Principal } from '../security/principal.ts';
import { SqlLabError } from './errors.ts';
import { findByClientId, parseQueryExtra } from './queryRows.ts';

/**
 * `GET /api/v1/sqllab/export/{client_id}/`: the whole result of a query as CSV. The result statement
 * runs again without SQL Lab's row limit and streams from the driver into the file, so memory stays
 * bounded whatever the size (the stored rows are only the displayed part).
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

export async function exportCsv(ctx: AppContext, principal: Principal, clientId: string): Promise<CsvFile> {
  const db = ctx.metastore.db;
  const row = await findByClientId(db, clientId);
  if (!row || (row.user_id !== principal.id && !principal.isAdmin)) {
    throw new SqlLabError(404, 'GENERIC_COMMAND_ERROR', 'The query was not found.');
  }
  const database = await db
    .selectFrom('databases')
    .selectAll()
    .where('id', '=', row.database_id)
    .executeTakeFirst();
  if (!database || !canAccessDatabase(principal, database)) {
    throw new SqlLabError(
      403,
      'DATABASE_SECURITY_ACCESS_ERROR',
      'You do not have access to the data of this query.',
    );
  }
  const sql = parseQueryExtra(row.extra_json).exportSql ?? row.select_sql;
  if (row.status !== 'success' || !sql) {
    throw new SqlLabError(
      400,
      'GENERIC_COMMAND_ERROR',
      'Only the results of a successful query can be exported.',
    );
  }
  const connection = databaseConnections(ctx).get(database);
  let prepared: PreparedExport;
  try {
    const source = await connection.stream(sql, {
      timeoutMs: ctx.config.sqlLab.asyncTimeLimitSeconds * 1000,
    });
    prepared = await prepareExport(source).catch((error: unknown) => {
      // An empty result is a file with its header only.
      if (error instanceof ExportError && error.code === 'NO_DATA') {
        return { prepared: true as const, columns: source.columns, batches: (async function* () {})() };
      }
      throw error;
    });
  } catch (error) {
    if (error instanceof DatabaseError || error instanceof ExportError) {
      throw new SqlLabError(400, 'GENERIC_DB_ENGINE_ERROR', error.message);
    }
    throw error;
  }
  const body = new PassThrough();
  writeCsv(prepared, body)
    .then(() => body.end())
    .catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  const fileName = exportFileName(row.tab_name);
  return { fileName, contentType: csvContentType('utf-8'), disposition: contentDisposition(fileName), body };
}
