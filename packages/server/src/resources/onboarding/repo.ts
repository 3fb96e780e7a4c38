import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/** The user_info table: each person's onboarding answers, one row per person, made on first use. */

type Db = Kysely<MetastoreSchema>;

/** Creates the person's row if missing; two first calls at once create one row (user_id is unique). */
export async function ensureUserInfo(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('user_info')
    .values({ user_id: userId })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

export async function onboardingOf(db: Db, userId: number) {
  return db
    .selectFrom('user_info as ui')
    .innerJoin('users as u', 'u.id', 'ui.user_id')
    .select([
      'ui.id',
      'ui.is_onboarding_finished',
      'ui.onboarding_started_time',
      'ui.dodo_role',
      'ui.registered_by_self',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.preferred_language',
    ])
    .where('ui.user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores the role; the start time is the first time step 1 was saved. */
export async function saveDodoRole(db: Db, userId: number, dodoRole: string, now: string): Promise<void> {
  await ensureUserInfo(db, userId);
  const row = await db
    .selectFrom('user_info')
    .select('onboarding_started_time')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('user_info')
    .set({ dodo_role: dodoRole, onboarding_started_time: row.onboarding_started_time ?? now })
    .where('user_id', '=', userId)
    .execute();
}

/** Whether the person holds any role at all. */
export async function hasAnyRole(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** When step 1 was first saved; null while it was not. */
export async function onboardingStartedTime(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('user_info')
    .select('onboarding_started_time')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.onboarding_started_time ?? null;
}

export async function markOnboardingFinished(db: Db, userId: number): Promise<void> {
  await ensureUserInfo(db, userId);
  await db
    .updateTable('user_info')
    .set({ is_onboarding_finished: 1 })
    .where('user_id', '=', userId)
    .execute();
}

/** Who the person is, as `/api/v1/me/team` shows them. */
export async function userCard(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
