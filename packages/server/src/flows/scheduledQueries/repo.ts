import type { Kysely } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { readTimeSetting, writeTimeSetting } from '../../resources/settings/repo.ts';

/** The saved queries' schedules as the scheduler and the worker read them, and the last run they write. */

type Db = Kysely<MetastoreSchema>;

/** Where the scheduler keeps the end of the window it has enqueued (one leader continues another's). */
const EVALUATED_UNTIL_KEY = 'saved_query_schedules_evaluated_until';

export function evaluatedUntil(db: Db): Promise<Date | null> {
  return readTimeSetting(db, EVALUATED_UNTIL_KEY);
}

export function setEvaluatedUntil(db: Db, until: Date): Promise<void> {
  return writeTimeSetting(db, EVALUATED_UNTIL_KEY, until);
}

/**
 * Saved queries that may hold a schedule, on databases that allow one (async runs); the caller reads
 * each extra_json. The text test only narrows the rows: the JSON decides.
 */
export function schedulableQueries(db: Db) {
  return db
    .selectFrom('saved_queries as sq')
    .innerJoin('databases as d', 'd.id', 'sq.db_id')
    .select(['sq.id', 'sq.extra_json', 'sq.created_on'])
    .where('d.allow_run_async', '=', 1)
    .where('sq.extra_json', 'like', '%schedule_info%')
    .orderBy('sq.id')
    .execute();
}

/** One saved query with what a scheduled run needs of its database. */
export function findScheduledQuery(db: Db, id: number) {
  return db
    .selectFrom('saved_queries as sq')
    .innerJoin('databases as d', 'd.id', 'sq.db_id')
    .selectAll('sq')
    .select(['d.allow_run_async', 'd.database_name'])
    .where('sq.id', '=', id)
    .executeTakeFirst();
}

/** A run starts: it becomes the saved query's last run, pending until its SQL Lab query concludes. */
export async function startRun(db: Db, id: number, clientId: string): Promise<void> {
  await db
    .updateTable('saved_queries')
    .set({
      last_run: nowIso(),
      last_run_client_id: clientId,
      last_run_state: 'pending',
      last_run_error: null,
    })
    .where('id', '=', id)
    .execute();
}

/** A run that ended before a SQL Lab query was written for it (no owner, no access, no database). */
export async function failRun(db: Db, id: number, clientId: string, message: string): Promise<void> {
  await db
    .updateTable('saved_queries')
    .set({ last_run_state: 'failed', last_run_error: message })
    .where('id', '=', id)
    .where('last_run_client_id', '=', clientId)
    .execute();
}
