import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { loadPrincipal, type Principal } from '../../security/principal.ts';
import type { OwnerRow, ScheduleRow } from './repo.ts';

/**
 * Whose rights a scheduled run uses: its creator when still an owner, else its first owner (Superset's
 * default executor, OWNER). Their roles, grants and row-level security decide what the report shows.
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

export async function reportExecutor(
  db: Kysely<MetastoreSchema>,
  schedule: Pick<ScheduleRow, 'created_by_fk'>,
  owners: readonly OwnerRow[],
): Promise<Executor> {
  const active = owners.filter((owner) => owner.active === 1);
  const ordered = [
    ...active.filter((owner) => owner.id === schedule.created_by_fk),
    ...active.filter((owner) => owner.id !== schedule.created_by_fk),
  ];
  for (const owner of ordered) {
    const principal = await loadPrincipal(db, owner.id);
    if (principal) return { principal, language: owner.preferred_language };
  }
  throw new NoExecutorError();
}
