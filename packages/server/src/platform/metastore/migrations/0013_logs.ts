import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * The action log (Superset's `logs`): one row per browser event, chart data answer or SQL Lab run.
 * `dttm` is ISO-8601 UTC text like every time of the metastore, so ranges compare as text on both stores.
 * A deleted user's rows stay, unattributed; dashboard and chart ids are plain numbers, since the log
 * outlives what it names.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('logs')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('action', 'varchar(512)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('dashboard_id', 'integer')
      .addColumn('slice_id', 'integer')
      .addColumn('json', 'text', (c) => c.notNull())
      .addColumn('dttm', 'varchar(32)', (c) => c.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('referrer', 'varchar(1024)')
      .execute();
    // The list (newest first) and retention (oldest first).
    await db.schema.createIndex('logs_dttm').on('logs').column('dttm').execute();
    // The slowest lists: one action over a period.
    await db.schema.createIndex('logs_action_dttm').on('logs').columns(['action', 'dttm']).execute();
    await db.schema.createIndex('logs_user').on('logs').column('user_id').execute();
  };
}
