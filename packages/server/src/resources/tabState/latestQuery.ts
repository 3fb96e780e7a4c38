import type { LimitingFactor, QueryState, SqlLabQuery } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/** A tab's latest query as Superset's Query.to_dict answers it inside a TabState. */

type Db = Kysely<MetastoreSchema>;

function parseExtra(text: string): SqlLabQuery['extra'] {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as SqlLabQuery['extra'])
      : {};
  } catch {
    return {};
  }
}

/** The query run under `clientId`, or null when there is none. */
export async function queryByClientId(db: Db, clientId: string): Promise<SqlLabQuery | null> {
  const row = await db
    .selectFrom('queries as q')
    .leftJoin('databases as d', 'd.id', 'q.database_id')
    .leftJoin('users as u', 'u.id', 'q.user_id')
    .selectAll('q')
    .select(['d.database_name', 'u.first_name', 'u.last_name'])
    .where('q.client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.client_id,
    queryId: row.id,
    serverId: row.id,
    dbId: row.database_id,
    db: row.database_name ?? '',
    sql: row.sql,
    executedSql: row.executed_sql,
    schema: row.schema,
    catalog: row.catalog,
    sqlEditorId: row.sql_editor_id,
    tab: row.tab_name,
    state: row.status.toLowerCase() as QueryState,
    progress: row.progress,
    rows: row.rows,
    limit: row.limit,
    limitingFactor: row.limiting_factor as LimitingFactor,
    startDttm: row.start_time === null ? null : Number(row.start_time),
    endDttm: row.end_time === null ? null : Number(row.end_time),
    errorMessage: row.error_message,
    resultsKey: row.results_key,
    ctas: row.select_as_cta === 1,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    trackingUrl: row.tracking_url,
    changed_on: row.changed_on,
    extra: parseExtra(row.extra_json),
  };
}

export async function queryExists(db: Db, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('queries')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}
