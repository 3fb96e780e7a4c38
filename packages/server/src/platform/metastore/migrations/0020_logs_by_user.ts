import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * The home page's recents read one person's newest log rows: an index on (user_id, dttm) finds them
 * without reading anyone else's. It starts with user_id, so it replaces the index on user_id alone
 * (what deleting a user's rows and the log list's user filter use).
 */
export function up(_dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.createIndex('logs_user_dttm').on('logs').columns(['user_id', 'dttm']).execute();
    await db.schema.dropIndex('logs_user').execute();
  };
}
