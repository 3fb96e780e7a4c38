import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import type { Principal } from './principal.ts';

/**
 * Row-level security as Superset applies it (security manager `get_rls_filters` and the dataset's
 * `get_sqla_row_level_filters`):
 *
 * - a filter applies to a query of a dataset only when the dataset is one of the filter's tables;
 * - a **Regular** filter applies to members of (any of) its roles;
 * - a **Base** filter applies to everyone **except** members of its roles (a Base filter without roles
 *   applies to everyone);
 * - filters sharing a group key are ORed together; each group, and each filter without a group key, is
 *   one clause, and the clauses are ANDed into the query.
 *
 * Every clause is parenthesised, so a user's `a = 1 OR b = 2` cannot escape the AND around it.
 */

type Db = Kysely<MetastoreSchema>;

/** Who is asking: only the names of their roles matter. Null (anonymous) holds no role. */
export type RlsSubject = Pick<Principal, 'roles'> | null;

export interface ApplicableFilter {
  id: number;
  filter_type: string;
  group_key: string | null;
  clause: string;
}

/** The filters of `datasetId` that apply to `subject`, in id order. */
export async function applicableRlsFilters(
  db: Db,
  subject: RlsSubject,
  datasetId: number,
): Promise<ApplicableFilter[]> {
  const filters = await db
    .selectFrom('rls_filters as f')
    .innerJoin('rls_filter_tables as ft', 'ft.rls_filter_id', 'f.id')
    .select(['f.id', 'f.filter_type', 'f.group_key', 'f.clause'])
    .where('ft.dataset_id', '=', datasetId)
    .orderBy('f.id')
    .execute();
  if (filters.length === 0) return [];
  const roleNames = [...new Set(subject?.roles ?? [])];
  const memberOf = new Set<number>();
  if (roleNames.length > 0) {
    const rows = await db
      .selectFrom('rls_filter_roles as fr')
      .innerJoin('roles as r', 'r.id', 'fr.role_id')
      .select('fr.rls_filter_id')
      .where(
        'fr.rls_filter_id',
        'in',
        filters.map((filter) => filter.id),
      )
      .where('r.name', 'in', roleNames)
      .execute();
    for (const row of rows) memberOf.add(row.rls_filter_id);
  }
  return filters.filter((filter) =>
    filter.filter_type === 'Base' ? !memberOf.has(filter.id) : memberOf.has(filter.id),
  );
}

/**
 * Combines applicable filters into the clauses to AND into a query: ungrouped filters one clause each
 * (in id order), then one clause per group key (in order of the group's first filter) ORing its filters.
 */
export function combineRlsFilters(
  filters: ReadonlyArray<Pick<ApplicableFilter, 'group_key' | 'clause'>>,
): string[] {
  const ungrouped: string[] = [];
  const groups = new Map<string, string[]>();
  for (const filter of filters) {
    const clause = filter.clause.trim();
    if (clause === '') continue;
    const wrapped = `(${clause})`;
    const key = filter.group_key?.trim();
    if (!key) {
      ungrouped.push(wrapped);
      continue;
    }
    const group = groups.get(key) ?? [];
    group.push(wrapped);
    groups.set(key, group);
  }
  const grouped = [...groups.values()].map((clauses) =>
    clauses.length === 1 ? clauses[0]! : `(${clauses.join(' OR ')})`,
  );
  return [...ungrouped, ...grouped];
}

/**
 * The row-level security clauses to AND into every query of `datasetId` run for `subject`; [] when no
 * filter applies. The query compiler takes them as `rlsClauses`.
 */
export async function rlsClausesFor(db: Db, subject: RlsSubject, datasetId: number): Promise<string[]> {
  return combineRlsFilters(await applicableRlsFilters(db, subject, datasetId));
}

/**
 * The part of a result's cache key that keeps people with different row-level security apart: '' when no
 * filter applies (so everyone without RLS shares cached results), otherwise a digest of the clauses
 * (their order does not matter: they are ANDed).
 */
export function rlsCacheKeyPart(clauses: readonly string[]): string {
  if (clauses.length === 0) return '';
  const canonical = JSON.stringify([...new Set(clauses)].sort());
  return `rls:${createHash('sha256').update(canonical).digest('hex').slice(0, 32)}`;
}
