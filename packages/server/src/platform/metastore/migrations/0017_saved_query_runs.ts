import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * A scheduled saved query's last run, written by the server (never by a client's extra_json, which
 * a client replaces whole): the SQL Lab query that ran it (its client id), its state and its error.
 * Its time and row count are the saved query's `last_run` and `rows`, Superset's columns for them.
 * A query concluding looks up its saved query by client id, hence the index.
 */
export function up(_dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('saved_queries').addColumn('last_run_client_id', 'varchar(11)').execute();
    await db.schema.alterTable('saved_queries').addColumn('last_run_state', 'varchar(16)').execute();
    await db.schema.alterTable('saved_queries').addColumn('last_run_error', 'text').execute();
    await db.schema
      .createIndex('saved_queries_last_run_client_id')
      .on('saved_queries')
      .column('last_run_client_id')
      .execute();
  };
}
