import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Onboarding: what each person told us about themselves, teams with the roles their members get, and
 * access requests ("statements") that administrators approve or decline. The preferred language stays on
 * users.preferred_language.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('user_info')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('is_onboarding_finished', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('onboarding_started_time', 'varchar(32)')
      .addColumn('dodo_role', 'varchar(32)')
      .execute();

    await db.schema
      .createTable('teams')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('name', 'varchar(256)', (c) => c.notNull())
      .addColumn('slug', 'varchar(256)', (c) => c.notNull().unique())
      .addColumn('is_external', 'integer', (c) => c.notNull())
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('team_roles')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('team_roles_pk', ['team_id', 'role_id'])
      .execute();

    await db.schema
      .createTable('team_users')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('team_users_pk', ['team_id', 'user_id'])
      .execute();
    await db.schema.createIndex('team_users_user').on('team_users').column('user_id').execute();

    await db.schema
      .createTable('statements')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('team', 'varchar(256)', (c) => c.notNull())
      .addColumn('team_slug', 'varchar(256)', (c) => c.notNull())
      .addColumn('is_new_team', 'integer', (c) => c.notNull())
      .addColumn('is_external', 'integer', (c) => c.notNull())
      // open, approved or declined
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('decision_comment', 'text')
      .addColumn('decided_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('decided_on', 'varchar(32)')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .execute();
    // One open request per person, even when two submissions race.
    await db.schema
      .createIndex('statements_one_open_per_user')
      .on('statements')
      .column('user_id')
      .unique()
      .where(sql.ref('state'), '=', sql.lit('open'))
      .execute();
    await db.schema.createIndex('statements_state').on('statements').column('state').execute();

    await db.schema
      .createTable('statement_roles')
      .addColumn('statement_id', 'integer', (c) =>
        c.notNull().references('statements.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('statement_roles_pk', ['statement_id', 'role_id'])
      .execute();
  };
}
