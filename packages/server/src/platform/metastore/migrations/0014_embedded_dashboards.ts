import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Embedded dashboards (Superset's embedded_dashboards): one configuration per dashboard, named by a uuid
 * the embedding page uses, with the sites allowed to frame it (comma-joined, empty: any). It goes with
 * its dashboard.
 */
export function up(_dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('embedded_dashboards')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('dashboard_id', 'integer', (c) =>
        c.notNull().unique().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('allow_domain_list', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  };
}
