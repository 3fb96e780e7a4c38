import type { Kysely } from 'kysely';
import { ForbiddenError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { existingCustomTagIds } from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/** Superset's answer when a PUT names tags the caller may not set. */
export const TAGS_FORBIDDEN = 'You do not have permission to manage tags on this object';

/**
 * Checks the `tags:[ids]` of a chart's or a dashboard's PUT, as Superset's validate_tags: setting tags
 * needs (can_write, Tag) or (can_tag, Chart|Dashboard) — 403 otherwise — and every id must name a custom
 * tag; the unknown ones are answered for the caller to report as a field error.
 */
export async function unknownTagIds(
  db: Db,
  principal: Principal,
  view: 'Chart' | 'Dashboard',
  ids: readonly number[],
): Promise<number[]> {
  if (!hasPermission(principal, 'can_write', 'Tag') && !hasPermission(principal, 'can_tag', view)) {
    throw new ForbiddenError(TAGS_FORBIDDEN);
  }
  const unique = [...new Set(ids)];
  const found = new Set(await existingCustomTagIds(db, unique));
  return unique.filter((id) => !found.has(id));
}
