import { createHash } from 'node:crypto';
import { renderSqlTemplate } from '@vitrina/common/sql/template';
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
export type RlsSubject = Pick<Principal, 'roles' | 'guest'> | null;

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
  const clauses = combineRlsFilters(await applicableRlsFilters(db, subject, datasetId));
  return subject?.guest ? [...clauses, ...guestRlsClauses(subject.guest.rls, datasetId)] : clauses;
}

/**
 * A guest token's clauses for a dataset, as Superset applies them: a rule without a dataset applies to
 * every dataset, one with a dataset to that dataset only; each parenthesised and ANDed with the rest.
 */
export function guestRlsClauses(
  rules: readonly { dataset?: number; clause: string }[],
  datasetId: number,
): string[] {
  return rules
    .filter((rule) => rule.dataset === undefined || rule.dataset === datasetId)
    .map((rule) => rule.clause.trim())
    .filter((clause) => clause !== '')
    .map((clause) => `(${clause})`);
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

/** The user a clause's macros describe; null for an anonymous caller (the macros render NULL). */
export interface RlsUser {
  id: number;
  username: string;
  email: string | null;
}

/** Superset's user macros in RLS clauses, called with no arguments: `{{ current_username() }}`. */
const USER_MACRO = /'?\{\{\s*(current_username|current_user_id|current_user_email)\s*\(\s*\)\s*\}\}'?/g;

/** Whether any clause uses a user macro (only then is the user's e-mail looked up). */
export function usesUserMacros(clauses: readonly string[]): boolean {
  return clauses.some((clause) => new RegExp(USER_MACRO.source).test(clause));
}

/**
 * Renders the user macros of RLS clauses with common's SQL template renderer, every value written as
 * the dialect's literal: `'O''Brien'`, never the text pasted in. A macro already inside quotes, as
 * Superset's Jinja clauses are written (`username = '{{ current_username() }}'`), takes the quotes
 * with it, so a name with a quote cannot end the string and inject SQL either way.
 */
export function renderRlsClauses(
  clauses: readonly string[],
  user: RlsUser | null,
  literal: (value: string | number | null) => string,
): string[] {
  const values: Record<string, string> = {
    current_username: literal(user?.username ?? null),
    current_user_id: literal(user?.id ?? null),
    current_user_email: literal(user?.email ?? null),
  };
  return clauses.map((clause) =>
    renderSqlTemplate(
      clause.replace(USER_MACRO, (_whole, name: string) => `{{ ${name} }}`),
      values,
    ),
  );
}

/**
 * The clauses to AND into a query of `datasetId` for `principal`, macros rendered for this user in the
 * dataset's dialect. Templated clauses make the cache key part per user, as their results are.
 */
export async function rlsClausesForQuery(
  db: Db,
  principal: Pick<Principal, 'id' | 'username' | 'roles' | 'guest'> | null,
  datasetId: number,
  literal: (value: string | number | null) => string,
): Promise<string[]> {
  const clauses = await rlsClausesFor(db, principal, datasetId);
  if (!usesUserMacros(clauses)) return clauses;
  let user: RlsUser | null = null;
  if (principal?.guest) {
    user = { id: principal.id, username: principal.username, email: null };
  } else if (principal) {
    const row = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', principal.id)
      .executeTakeFirst();
    user = { id: principal.id, username: principal.username, email: row?.email ?? null };
  }
  return renderRlsClauses(clauses, user, literal);
}
