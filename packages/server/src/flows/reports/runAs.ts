import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { loadPrincipal, type Principal } from '../../security/principal.ts';
import { activeUserId, type OwnerRow, type ScheduleRow } from './repo.ts';

/**
 * Whose rights a scheduled run uses: its creator when still an owner, else its first owner (Superset's
 * default executor, OWNER), or one configured account for every report (VITRINA_REPORT_EXECUTOR, as
 * Superset's fixed executor). Their roles, grants and row-level security decide what the report shows;
 * the mail is in the owner's language either way.
 */

export interface Executor {
  principal: Principal;
  /** The executor's preferred language: the words of the mail. */
  language: string | null;
}

export class NoExecutorError extends Error {
  constructor() {
    super('The report has no active owner to run as');
    this.name = 'NoExecutorError';
  }
}

export class ExecutorMissingError extends Error {
  constructor(username: string) {
    super(`The configured report executor "${username}" is not an active user (VITRINA_REPORT_EXECUTOR)`);
    this.name = 'ExecutorMissingError';
  }
}

export async function reportExecutor(
  db: Kysely<MetastoreSchema>,
  schedule: Pick<ScheduleRow, 'created_by_fk'>,
  owners: readonly OwnerRow[],
  fixedExecutor: string | null = null,
): Promise<Executor> {
  const active = owners.filter((owner) => owner.active === 1);
  const ordered = [
    ...active.filter((owner) => owner.id === schedule.created_by_fk),
    ...active.filter((owner) => owner.id !== schedule.created_by_fk),
  ];
  if (fixedExecutor) {
    const id = await activeUserId(db, fixedExecutor);
    const principal = id === null ? null : await loadPrincipal(db, id);
    if (!principal) throw new ExecutorMissingError(fixedExecutor);
    return { principal, language: ordered[0]?.preferred_language ?? null };
  }
  for (const owner of ordered) {
    const principal = await loadPrincipal(db, owner.id);
    if (principal) return { principal, language: owner.preferred_language };
  }
  throw new NoExecutorError();
}
