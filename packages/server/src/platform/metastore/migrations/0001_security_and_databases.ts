import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/** Users, roles, permission pairs and the databases catalogue. */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('users')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('first_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
      .addColumn('preferred_language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_login', 'varchar(32)')
      .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fail_login_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('roles')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createTable('permissions')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('name', 'varchar(128)', (c) => c.notNull().unique())
      .execute();

    await db.schema
      .createTable('view_menus')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
      .execute();

    await db.schema
      .createTable('permission_views')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('permission_id', 'integer', (c) =>
        c.notNull().references('permissions.id').onDelete('cascade'),
      )
      .addColumn('view_menu_id', 'integer', (c) =>
        c.notNull().references('view_menus.id').onDelete('cascade'),
      )
      .addUniqueConstraint('permission_views_pair', ['permission_id', 'view_menu_id'])
      .execute();

    await db.schema
      .createTable('role_permission_views')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('permission_view_id', 'integer', (c) =>
        c.notNull().references('permission_views.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('role_permission_views_pk', ['role_id', 'permission_view_id'])
      .execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute();

    await db.schema
      .createTable('databases')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('database_name', 'varchar(250)', (c) => c.notNull().unique())
      .addColumn('sqlalchemy_uri', 'varchar(1024)', (c) => c.notNull())
      .addColumn('encrypted_password', 'text')
      .addColumn('expose_in_sqllab', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('allow_run_async', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_dml', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_ctas', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_cvas', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_file_upload', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cache_timeout', 'integer')
      .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  };
}
