import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Accounts people make themselves. user_identities links a user to an identity provider's account by
 * (issuer, subject), the pair OpenID Connect promises never to reuse, so a later sign-in finds the same user
 * even when the provider's username or e-mail changed. user_info.registered_by_self marks accounts created on
 * the register page or at a first OIDC sign-in: onboarding opens by itself for them.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('user_identities')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('issuer', 'varchar(512)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_login_on', 'varchar(32)')
      .addUniqueConstraint('user_identities_issuer_subject', ['issuer', 'subject'])
      // One account per provider for each user: a second one would be a different person.
      .addUniqueConstraint('user_identities_user_issuer', ['user_id', 'issuer'])
      .execute();
    await db.schema
      .alterTable('user_info')
      .addColumn('registered_by_self', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  };
}
