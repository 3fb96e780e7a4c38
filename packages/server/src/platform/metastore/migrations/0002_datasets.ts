import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/** Datasets (physical tables and SQL queries) with their columns, metrics and owners. */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('datasets')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('database_id', 'integer', (c) => c.notNull().references('databases.id'))
      .addColumn('catalog', 'varchar(256)')
      .addColumn('schema', 'varchar(256)')
      .addColumn('table_name', 'varchar(250)', (c) => c.notNull())
      .addColumn('sql', 'text')
      .addColumn('description', 'text')
      .addColumn('description_ru', 'text')
      .addColumn('main_dttm_col', 'varchar(250)')
      .addColumn('cache_timeout', 'integer')
      .addColumn('template_params', 'text')
      .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('offset', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_endpoint', 'text')
      .addColumn('filter_select_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('fetch_values_predicate', 'text')
      .addColumn('normalize_columns', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('always_filter_main_dttm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_sqllab_view', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('certified_by', 'varchar(256)')
      .addColumn('certification_details', 'text')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('datasets_database_table')
      .on('datasets')
      .columns(['database_id', 'table_name'])
      .execute();

    await db.schema
      .createTable('dataset_columns')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
      .addColumn('column_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('verbose_name', 'varchar(1024)')
      .addColumn('verbose_name_ru', 'varchar(1024)')
      .addColumn('type', 'varchar(128)')
      .addColumn('type_generic', 'varchar(16)')
      .addColumn('expression', 'text')
      .addColumn('description', 'text')
      .addColumn('description_ru', 'text')
      .addColumn('is_dttm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('groupby', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('filterable', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('python_date_format', 'varchar(255)')
      .addColumn('advanced_data_type', 'varchar(255)')
      .addColumn('is_certified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('certified_by', 'varchar(256)')
      .addColumn('warning_text', 'text')
      .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('dataset_columns_name', ['dataset_id', 'column_name'])
      .execute();

    await db.schema
      .createTable('dataset_metrics')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
      .addColumn('metric_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('verbose_name', 'varchar(1024)')
      .addColumn('verbose_name_ru', 'varchar(1024)')
      .addColumn('metric_type', 'varchar(32)')
      .addColumn('expression', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('description_ru', 'text')
      .addColumn('d3format', 'varchar(128)')
      .addColumn('currency', 'varchar(128)')
      .addColumn('warning_text', 'text')
      .addColumn('certified_by', 'varchar(256)')
      .addColumn('certification_details', 'text')
      .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('dataset_metrics_name', ['dataset_id', 'metric_name'])
      .execute();

    await db.schema
      .createTable('dataset_owners')
      .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('dataset_owners_pk', ['dataset_id', 'user_id'])
      .execute();
  };
}
