import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Which dataset columns are partition keys of their table, as the driver reported them when the columns
 * were synced: the LATEST PARTITION filter is allowed on those only. The server owns the flag (clients
 * read it in the column's `extra` and cannot set it), so it is a column of its own rather than stored JSON.
 */
export function up(_dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .alterTable('dataset_columns')
      .addColumn('is_partition_key', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  };
}
