import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Charts (Superset's slices), dashboards with their charts, owners and roles, users' favourites, and the
 * key-value store behind permalinks. A chart's datasource is polymorphic (datasource_type), so it has no
 * foreign key to datasets; dataset deletion checks for charts itself.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('slices')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('slice_name', 'varchar(250)', (c) => c.notNull())
      .addColumn('slice_name_ru', 'varchar(250)')
      .addColumn('viz_type', 'varchar(250)', (c) => c.notNull())
      .addColumn('datasource_id', 'integer', (c) => c.notNull())
      .addColumn('datasource_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('query_context', 'text')
      .addColumn('description', 'text')
      .addColumn('cache_timeout', 'integer')
      .addColumn('certified_by', 'varchar(256)')
      .addColumn('certification_details', 'text')
      .addColumn('is_managed_externally', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('external_url', 'text')
      .addColumn('last_saved_at', 'varchar(32)')
      .addColumn('last_saved_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('slices_datasource')
      .on('slices')
      .columns(['datasource_type', 'datasource_id'])
      .execute();

    await db.schema
      .createTable('slice_owners')
      .addColumn('slice_id', 'integer', (c) => c.notNull().references('slices.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('slice_owners_pk', ['slice_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('dashboards')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('dashboard_title', 'varchar(500)', (c) => c.notNull())
      .addColumn('dashboard_title_ru', 'varchar(500)')
      .addColumn('slug', 'varchar(255)', (c) => c.unique())
      .addColumn('position_json', 'text')
      .addColumn('json_metadata', 'text')
      .addColumn('css', 'text')
      .addColumn('description', 'text')
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('certified_by', 'varchar(256)')
      .addColumn('certification_details', 'text')
      .addColumn('is_managed_externally', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('external_url', 'text')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();

    await db.schema
      .createTable('dashboard_slices')
      .addColumn('dashboard_id', 'integer', (c) =>
        c.notNull().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('slice_id', 'integer', (c) => c.notNull().references('slices.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('dashboard_slices_pk', ['dashboard_id', 'slice_id'])
      .execute();
    await db.schema.createIndex('dashboard_slices_slice').on('dashboard_slices').column('slice_id').execute();

    await db.schema
      .createTable('dashboard_owners')
      .addColumn('dashboard_id', 'integer', (c) =>
        c.notNull().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('dashboard_owners_pk', ['dashboard_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('dashboard_roles')
      .addColumn('dashboard_id', 'integer', (c) =>
        c.notNull().references('dashboards.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('dashboard_roles_pk', ['dashboard_id', 'role_id'])
      .execute();

    // Superset's favstar: class_name is 'slice' or 'Dashboard'.
    await db.schema
      .createTable('favourites')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('class_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('obj_id', 'integer', (c) => c.notNull())
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'class_name', 'obj_id'])
      .execute();
    await db.schema
      .createIndex('favourites_object')
      .on('favourites')
      .columns(['class_name', 'obj_id'])
      .execute();

    // Permalinks and other small shared state: an opaque key → JSON value of a resource kind.
    await db.schema
      .createTable('key_value')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('resource', 'varchar(32)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('expires_on', 'varchar(32)')
      .execute();
  };
}
