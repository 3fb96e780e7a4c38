import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * SQL Lab: every query run (its state, limits, timings and results key), saved queries, and the editor's
 * tabs with their tables, kept on the server so they follow the user to another browser.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('queries')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('client_id', 'varchar(11)', (c) => c.notNull().unique())
      .addColumn('database_id', 'integer', (c) => c.notNull().references('databases.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('catalog', 'varchar(256)')
      .addColumn('schema', 'varchar(256)')
      .addColumn('sql', 'text', (c) => c.notNull())
      .addColumn('select_sql', 'text')
      .addColumn('executed_sql', 'text')
      .addColumn('sql_editor_id', 'varchar(256)')
      .addColumn('tab_name', 'varchar(256)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rows', 'integer')
      .addColumn('limit', 'integer')
      .addColumn('limiting_factor', 'varchar(32)', (c) => c.notNull().defaultTo('UNKNOWN'))
      .addColumn('run_async', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('select_as_cta', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('select_as_cta_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ctas_method', 'varchar(16)')
      .addColumn('tmp_schema_name', 'varchar(256)')
      .addColumn('tmp_table_name', 'varchar(256)')
      .addColumn('template_params', 'text')
      .addColumn('error_message', 'text')
      .addColumn('results_key', 'varchar(64)')
      .addColumn('tracking_url', 'text')
      .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
      // Epoch milliseconds (fractional), as Superset's Query.to_dict answers them.
      .addColumn('start_time', 'double precision')
      .addColumn('start_running_time', 'double precision')
      .addColumn('end_time', 'double precision')
      .addColumn('end_result_backend_time', 'double precision')
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('queries_user_changed')
      .on('queries')
      .columns(['user_id', 'changed_on'])
      .execute();
    await db.schema.createIndex('queries_status').on('queries').column('status').execute();

    await db.schema
      .createTable('saved_queries')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('db_id', 'integer', (c) => c.notNull().references('databases.id').onDelete('cascade'))
      .addColumn('catalog', 'varchar(256)')
      .addColumn('schema', 'varchar(256)')
      .addColumn('label', 'varchar(256)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('sql', 'text', (c) => c.notNull())
      .addColumn('template_parameters', 'text')
      .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('rows', 'integer')
      .addColumn('last_run', 'varchar(32)')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();

    await db.schema
      .createTable('tab_state')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('label', 'varchar(256)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('database_id', 'integer', (c) => c.references('databases.id').onDelete('set null'))
      .addColumn('catalog', 'varchar(256)')
      .addColumn('schema', 'varchar(256)')
      .addColumn('sql', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('query_limit', 'integer')
      .addColumn('latest_query_id', 'varchar(11)')
      .addColumn('autorun', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('template_params', 'text')
      .addColumn('hide_left_bar', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('saved_query_id', 'integer', (c) => c.references('saved_queries.id').onDelete('set null'))
      .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tab_state_user').on('tab_state').column('user_id').execute();

    await db.schema
      .createTable('table_schema')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('tab_state_id', 'integer', (c) => c.notNull().references('tab_state.id').onDelete('cascade'))
      .addColumn('database_id', 'integer', (c) => c.notNull().references('databases.id').onDelete('cascade'))
      .addColumn('catalog', 'varchar(256)')
      .addColumn('schema', 'varchar(256)')
      .addColumn('table', 'varchar(256)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('expanded', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .execute();
  };
}
