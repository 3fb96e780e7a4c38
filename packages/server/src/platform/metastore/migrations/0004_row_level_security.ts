import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Row-level security filters (Superset's RowLevelSecurityFilter): a SQL clause ANDed into every query of
 * the filter's datasets for the filter's roles ('Regular') or for everyone except them ('Base').
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('rls_filters')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('filter_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('group_key', 'varchar(255)')
      .addColumn('clause', 'text', (c) => c.notNull())
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();

    await db.schema
      .createTable('rls_filter_tables')
      .addColumn('rls_filter_id', 'integer', (c) =>
        c.notNull().references('rls_filters.id').onDelete('cascade'),
      )
      .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('rls_filter_tables_pk', ['rls_filter_id', 'dataset_id'])
      .execute();
    await db.schema
      .createIndex('rls_filter_tables_dataset')
      .on('rls_filter_tables')
      .column('dataset_id')
      .execute();

    await db.schema
      .createTable('rls_filter_roles')
      .addColumn('rls_filter_id', 'integer', (c) =>
        c.notNull().references('rls_filters.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('rls_filter_roles_pk', ['rls_filter_id', 'role_id'])
      .execute();
  };
}
