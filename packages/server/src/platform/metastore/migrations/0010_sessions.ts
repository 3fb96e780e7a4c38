import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Revocable sessions. Every browser session and every API login is a row that each request checks, so
 * one server can end a session another server issued. `users.session_version` is bumped when a
 * password changes, a role is taken away, the user is deactivated or all their sessions are ended: a
 * row made with an older version is dead even if it was written after the bump (a login that checked
 * the old password just before the change).
 */
export function up(_dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .alterTable('users')
      .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('user_sessions')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'browser' (the session cookie) or 'api' (an API login: its access tokens and refresh family).
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('session_version', 'integer', (c) => c.notNull())
      // The one refresh token of the family that may still be used; null when none was issued.
      .addColumn('refresh_jti', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('ip_address', 'varchar(64)')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_seen_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_on', 'varchar(32)')
      .execute();
    await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();
  };
}
