import {
  bestMatch,
  compareRanked,
  MAX_SEARCH_QUERY_LENGTH,
  normalizeSearchText,
  type PreparedQuery,
  prepareQuery,
  type Ranked,
  SEARCH_KINDS,
  type SearchField,
  type SearchHit,
  type SearchKind,
} from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { type Expression, type SqlBool, sql } from 'kysely';
import { BadRequestError, ForbiddenError } from '../../http/errors.ts';
import { decodeQ } from '../../http/risonArguments.ts';
import type { AppContext } from '../../http/types.ts';
import { accessibleDatabaseIds, databaseIdCondition } from '../../security/dataAccess.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { chartVisibleCondition } from '../charts/access.ts';
import { dashboardVisibleCondition, rbacEnabled } from '../dashboards/access.ts';
import { visibleCondition as datasetVisibleCondition } from '../datasets/access.ts';
import { CUSTOM_TAG } from '../tagging/repo.ts';
import * as repo from './repo.ts';

/**
 * `GET /api/v1/search/`: one search over every kind of object. Each kind's texts are kept normalised in
 * this process (read whole when the kind's fingerprint — row counts and newest change of its tables —
 * differs from the one they were read at, so other processes' writes are seen on the next search) and
 * ranked in memory: exact, prefix, word, substring; the fuzzy tier only when those found fewer than a
 * kind's limit in all, and only on texts passing a letter-pair filter. The best are then checked against
 * the metastore with the same visibility condition as the kind's own list (at most two queries a kind),
 * so a caller never finds what they cannot open.
 */

export interface SearchArguments {
  query: string;
  /** Hits per kind at most. */
  limit: number;
  kinds: SearchKind[];
}

export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 50;
/** How many of the best candidates the first visibility query checks by id. */
const FIRST_VISIBILITY_CHUNK = 100;
/** Above this many further candidates, the caller's visible ids of the kind are read whole instead. */
const MAX_VISIBILITY_CHUNK = 1000;

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** `q=(query:'sales',limit:5,kinds:!(dashboard,chart))`; a wrong argument is a 400. */
export function searchArguments(q: string | undefined): SearchArguments {
  const value = decodeQ(q);
  if (!isRecord(value))
    throw new BadRequestError("Not a valid rison argument: q must be an object such as (query:'sales')");
  for (const name of Object.keys(value)) {
    if (!['query', 'limit', 'kinds'].includes(name)) throw new BadRequestError(`Unknown argument '${name}'`);
  }
  const query = value.query;
  if (typeof query !== 'string' || query.length > MAX_SEARCH_QUERY_LENGTH) {
    throw new BadRequestError(`query must be a text of at most ${MAX_SEARCH_QUERY_LENGTH} characters`);
  }
  const limit = value.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!isWhole(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new BadRequestError(`limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`);
  }
  const kinds = value.kinds ?? [...SEARCH_KINDS];
  if (
    !Array.isArray(kinds) ||
    kinds.length === 0 ||
    !kinds.every((kind) => (SEARCH_KINDS as readonly unknown[]).includes(kind))
  ) {
    throw new BadRequestError(`kinds must list some of ${SEARCH_KINDS.join(', ')}`);
  }
  return { query, limit, kinds: [...new Set(kinds as SearchKind[])] };
}

// ---- the in-process index -------------------------------------------------------------------------

interface IndexedObject {
  source: repo.SearchSource;
  fields: SearchField[];
}

interface KindIndex {
  fingerprint: string;
  objects: IndexedObject[];
}

/** Per metastore, per kind: the objects with their texts normalised. */
const indexes = new WeakMap<object, Map<SearchKind, KindIndex>>();

function indexed(source: repo.SearchSource): IndexedObject {
  const fields: SearchField[] = [];
  const add = (text: string | null, field: SearchField['field']) => {
    const normalized = text ? normalizeSearchText(text) : '';
    if (normalized !== '') fields.push({ text: normalized, field });
  };
  add(source.title, 'title');
  add(source.title_ru, 'title');
  for (const name of source.names) add(name, 'name');
  add(source.description, 'description');
  add(source.description_ru, 'description');
  return { source, fields };
}

/** The kinds' indexes, each read again when its tables changed since it was read. */
async function freshIndexes(
  ctx: AppContext,
  kinds: readonly SearchKind[],
): Promise<Map<SearchKind, KindIndex>> {
  const db = ctx.metastore.db;
  let byKind = indexes.get(db);
  if (!byKind) {
    byKind = new Map();
    indexes.set(db, byKind);
  }
  const current = await repo.fingerprints(db);
  const result = new Map<SearchKind, KindIndex>();
  await Promise.all(
    kinds.map(async (kind) => {
      let index = byKind.get(kind);
      if (index?.fingerprint !== current[kind]) {
        const sources = await repo.loadSources[kind](db);
        index = { fingerprint: current[kind], objects: sources.map(indexed) };
        byKind.set(kind, index);
      }
      result.set(kind, index);
    }),
  );
  return result;
}

// ---- visibility ----------------------------------------------------------------------------------

const VIEWS: Record<SearchKind, string> = {
  dashboard: 'Dashboard',
  chart: 'Chart',
  dataset: 'Dataset',
  saved_query: 'SavedQuery',
  database: 'Database',
  tag: 'Tag',
};

/** Each kind's list's own visibility condition (over the alias that list uses). */
const VISIBLE: Record<SearchKind, (ctx: AppContext, principal: Principal) => Promise<Expression<SqlBool>>> = {
  dashboard: async (ctx, principal) => dashboardVisibleCondition(principal, 'd', rbacEnabled(ctx)),
  chart: (ctx, principal) => chartVisibleCondition(ctx.metastore.db, principal),
  dataset: (ctx, principal) => datasetVisibleCondition(ctx.metastore.db, principal),
  // The saved query list's: the caller's own, every one for an admin.
  saved_query: async (_ctx, principal) =>
    principal.isAdmin ? sql<SqlBool>`1 = 1` : sql<SqlBool>`sq.user_id = ${principal.id}`,
  database: async (ctx, principal) =>
    databaseIdCondition(sql.ref('d.id'), await accessibleDatabaseIds(ctx.metastore.db, principal)),
  // The tag list's: custom tags (the system's own never show).
  tag: async () => sql<SqlBool>`t.type = ${CUSTOM_TAG}`,
};

/** Tags are searched only while the web app shows them (the TAGGING_SYSTEM flag). */
const TAGGING_FLAG = 'TAGGING_SYSTEM';

// ---- searching -----------------------------------------------------------------------------------

interface Candidate extends Ranked {
  object: IndexedObject;
}

/** The objects matching the query, best first, and those that did not match. */
function rank(objects: readonly IndexedObject[], query: PreparedQuery, fuzzy: boolean, kind: SearchKind) {
  const candidates: Candidate[] = [];
  const unmatched: IndexedObject[] = [];
  for (const object of objects) {
    const match = bestMatch(query, object.fields, fuzzy);
    if (match) candidates.push({ ...match, kind, changedOn: object.source.changed_on, object });
    else unmatched.push(object);
  }
  return { candidates: candidates.sort(compareRanked), unmatched };
}

/**
 * The first `limit` candidates the caller may open: the best ones checked by id first (enough when the
 * caller sees most of them); when that leaves room, the rest at once — by id when they are few, else by
 * reading every id of the kind the caller sees (one query, whatever share of the matches they may open).
 */
async function firstVisible(
  ctx: AppContext,
  kind: SearchKind,
  candidates: readonly Candidate[],
  condition: Expression<SqlBool>,
  limit: number,
): Promise<Candidate[]> {
  const db = ctx.metastore.db;
  const found: Candidate[] = [];
  const take = (chunk: readonly Candidate[], visible: ReadonlySet<number>) => {
    for (const candidate of chunk) {
      if (found.length < limit && visible.has(candidate.object.source.id)) found.push(candidate);
    }
  };
  const ids = (chunk: readonly Candidate[]) => chunk.map((candidate) => candidate.object.source.id);
  const first = candidates.slice(0, FIRST_VISIBILITY_CHUNK);
  take(first, await repo.visibleIds(db, kind, ids(first), condition));
  const rest = candidates.slice(FIRST_VISIBILITY_CHUNK);
  if (found.length >= limit || rest.length === 0) return found;
  take(
    rest,
    rest.length <= MAX_VISIBILITY_CHUNK
      ? await repo.visibleIds(db, kind, ids(rest), condition)
      : await repo.allVisibleIds(db, kind, condition),
  );
  return found;
}

function hit(kind: SearchKind, candidate: Candidate): SearchHit {
  const { source } = candidate.object;
  return {
    kind,
    id: source.id,
    title: source.title,
    title_ru: source.title_ru,
    description: source.description,
    description_ru: source.description_ru,
    url: source.url,
    match: candidate.tier,
    matched_field: candidate.field,
    changed_on: source.changed_on,
  };
}

/** The best hits the caller may open, at most `limit` of each kind, best first. */
export async function search(
  ctx: AppContext,
  principal: Principal,
  args: SearchArguments,
): Promise<SearchHit[]> {
  // An embedded dashboard's guest searches nothing: the token opens its dashboards only.
  if (principal.guest) throw new ForbiddenError();
  const query = prepareQuery(args.query);
  if (query.text === '') return [];
  const kinds = args.kinds.filter(
    (kind) =>
      hasPermission(principal, 'can_read', VIEWS[kind]) &&
      (kind !== 'tag' || ctx.config.featureFlags[TAGGING_FLAG] === true),
  );
  const index = await freshIndexes(ctx, kinds);
  const searched = await Promise.all(
    kinds.map(async (kind) => {
      const objects = index.get(kind)?.objects ?? [];
      const condition = await VISIBLE[kind](ctx, principal);
      const { candidates, unmatched } = rank(objects, query, false, kind);
      const found = await firstVisible(ctx, kind, candidates, condition, args.limit);
      return { kind, condition, found, unmatched };
    }),
  );
  // Slips are looked for only when the other tiers found less than one kind's worth: fuzzy matches
  // rank below every other tier, so they only ever fill what is left.
  if (searched.reduce((total, { found }) => total + found.length, 0) < args.limit) {
    for (const { kind, condition, found, unmatched } of searched) {
      if (found.length >= args.limit) continue;
      const fuzzy = rank(unmatched, query, true, kind).candidates;
      found.push(...(await firstVisible(ctx, kind, fuzzy, condition, args.limit - found.length)));
    }
  }
  const perKind = searched.map(({ kind, found }) => found.map((candidate) => hit(kind, candidate)));
  return perKind
    .flat()
    .sort((a, b) =>
      compareRanked(
        { kind: a.kind, tier: a.match, field: a.matched_field, changedOn: a.changed_on },
        { kind: b.kind, tier: b.match, field: b.matched_field, changedOn: b.changed_on },
      ),
    );
}
