import type { SqlLabBootstrap, SqlLabQuery } from '@vitrina/common/api/sqllab';
import { engineInformation, listFlags } from '../../connections/describe.ts';
import { parseExtra } from '../../connections/extra.ts';
import { describeDatabase } from '../../connections/uris.ts';
import type { AppContext } from '../../http/types.ts';
import { queryToDict } from '../../resources/queries/repo.ts';
import { activeTab, listTabs } from '../../resources/tabState/repo.ts';
import { accessibleDatabaseIds, canAccessDatabase } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { recentQueriesOf, sqlLabDatabases } from './repo.ts';

/**
 * `GET /api/v1/sqllab/`: what the editor needs on load — the databases exposed in SQL Lab that the
 * user may query, with their flags; the user's recent queries; and, with backend persistence on,
 * their tabs and the active one.
 */

/** Recent queries sent with the page (Superset sends those of the open tabs). */
const RECENT_QUERIES = 100;

export async function sqlLabBootstrap(ctx: AppContext, principal: Principal): Promise<SqlLabBootstrap> {
  const db = ctx.metastore.db;
  const visible = await accessibleDatabaseIds(db, principal);
  let rows = await sqlLabDatabases(db);
  rows = rows.filter(
    (row) => (visible === null || visible.includes(row.id)) && canAccessDatabase(principal, row),
  );
  const databases: SqlLabBootstrap['databases'] = {};
  for (const row of rows) {
    const backend = describeDatabase(row).engine;
    databases[String(row.id)] = {
      id: row.id,
      database_name: row.database_name,
      backend,
      expose_in_sqllab: row.expose_in_sqllab === 1,
      allow_run_async: row.allow_run_async === 1,
      allow_ctas: row.allow_ctas === 1,
      allow_cvas: row.allow_cvas === 1,
      allow_dml: row.allow_dml === 1,
      allow_file_upload: row.allow_file_upload === 1,
      force_ctas_schema: row.force_ctas_schema,
      ...listFlags(backend, parseExtra(row.extra)),
      engine_information: engineInformation(backend),
    };
  }

  const recent = await recentQueriesOf(db, principal.id, RECENT_QUERIES);
  const queries: Record<string, SqlLabQuery> = {};
  for (const row of recent.reverse()) {
    queries[row.client_id] = queryToDict(row, {
      databaseName: row.database_name,
      userName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    });
  }

  const persisted = ctx.config.featureFlags.SQLLAB_BACKEND_PERSISTENCE === true;
  // The configured default counts only when it is one of the databases this user sees here.
  const configured = ctx.config.sqlLab.defaultDatabaseId;
  return {
    default_db_id: configured !== null && databases[String(configured)] ? configured : null,
    active_tab: persisted ? await activeTab(db, principal.id) : null,
    tab_state_ids: persisted ? await listTabs(db, principal.id) : [],
    databases,
    queries,
  };
}
