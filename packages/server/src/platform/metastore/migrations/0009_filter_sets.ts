import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Filter sets: a named selection of a dashboard's native filters (json_metadata holds nativeFilters and
 * dataMask), owned by the dashboard (owner_id is the dashboard's id) or by one user. At most one set
 * per owner and dashboard is primary; the API keeps that in one transaction.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('filter_sets')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('dashboard_id', 'integer', (c) =>
        c.notNull().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(500)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('json_metadata', 'text', (c) => c.notNull())
      // 'Dashboard' or 'User'
      .addColumn('owner_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('filter_sets_dashboard').on('filter_sets').column('dashboard_id').execute();
  };
}
