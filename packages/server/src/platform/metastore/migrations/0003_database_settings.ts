import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/** Database settings Superset's API carries besides the flags: how the connection was entered, CTAS schema. */
export function up(_dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .alterTable('databases')
      .addColumn('configuration_method', 'varchar(32)', (c) => c.notNull().defaultTo('sqlalchemy_form'))
      .execute();
    await db.schema
      .alterTable('databases')
      .addColumn('impersonate_user', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('databases').addColumn('force_ctas_schema', 'varchar(250)').execute();
    await db.schema
      .alterTable('databases')
      .addColumn('is_managed_externally', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('databases').addColumn('external_url', 'text').execute();
  };
}
