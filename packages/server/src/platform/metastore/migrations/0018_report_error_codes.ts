import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * A report run's error as a stable code and its parameters (common/reports/runErrors.ts), beside
 * Superset's English error_message, so the web and the owners' mails can show it in their language.
 * Rows written before have none and are shown by their error_message.
 */
export function up(_dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable('report_execution_log').addColumn('error_code', 'varchar(64)').execute();
    await db.schema.alterTable('report_execution_log').addColumn('error_params_json', 'text').execute();
  };
}
