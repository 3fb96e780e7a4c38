import type { TestApp } from './testApp.ts';

/** What tests read back from the metastore to check what a request or a job did. */

/** The names of the user's roles, sorted. */
export async function roleNamesOf(harness: TestApp, userId: number): Promise<string[]> {
  const rows = await harness.ctx.metastore.db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', userId)
    .execute();
  return rows.map((row) => row.name).sort();
}

/** How a SQL Lab query ended, as its history row says. */
export async function queryOutcome(
  harness: TestApp,
  queryId: number,
): Promise<{ status: string; error_message: string | null }> {
  return harness.ctx.metastore.db
    .selectFrom('queries')
    .select(['status', 'error_message'])
    .where('id', '=', queryId)
    .executeTakeFirstOrThrow();
}
