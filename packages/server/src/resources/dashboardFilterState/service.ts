import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleDashboard } from '../dashboards/access.ts';
import { deleteEntry, newKey, readEntry, writeEntry } from '../keyValue/repo.ts';

/**
 * A dashboard's temporary filter state (Superset's DashboardFilterStateRestApi): the JSON text of the
 * data masks a browser tab applied, under a random key in the key-value store, kept 90 days from its
 * last write. A user's tab on a dashboard keeps one key: creating again from the same tab answers the
 * same key with the new value. Anyone who sees the dashboard may read a state; only its owner changes
 * or deletes it.
 */

type Db = Kysely<MetastoreSchema>;

/** Superset's FILTER_STATE_CACHE_CONFIG default timeout. */
const LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

interface StoredState {
  owner: number;
  dashboardId: number;
  value: string;
}

export interface StateScope {
  db: Db;
  principal: Principal;
  dashboardId: number;
  /** The browser tab (Superset's tab_id); a key is shared by the calls of one tab. */
  tabId: number | undefined;
  rbac: boolean;
}

const expiresOn = () => new Date(Date.now() + LIFETIME_MS).toISOString();

/** Superset's TemporaryCachePostSchema: `value` is required JSON text. */
export function parseValue(body: unknown): string {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).value : undefined;
  if (value === undefined || value === null) {
    throw new BadRequestError({ value: ['Missing data for required field.'] });
  }
  if (typeof value !== 'string') throw new BadRequestError({ value: ['Not a valid string.'] });
  try {
    JSON.parse(value);
  } catch {
    throw new BadRequestError({ value: ['JSON not valid'] });
  }
  return value;
}

/** The key of the entry that remembers which state key a user's tab on a dashboard uses. */
function tabKey(scope: StateScope, tabId: number): string {
  return createHash('sha256')
    .update(`filter-state|${scope.principal.id}|${scope.dashboardId}|${tabId}`)
    .digest('base64url');
}

async function checkDashboard(scope: StateScope): Promise<void> {
  await visibleDashboard(scope.db, scope.principal, String(scope.dashboardId), scope.rbac);
}

async function store(scope: StateScope, key: string, value: string): Promise<void> {
  const entry: StoredState = { owner: scope.principal.id, dashboardId: scope.dashboardId, value };
  await writeEntry(scope.db, {
    key,
    resource: 'dashboard_filter_state',
    value: entry,
    createdBy: scope.principal.id,
    expiresOn: expiresOn(),
  });
}

/** The key this tab already uses, or a new one it will use from now on. */
async function keyOfTab(scope: StateScope): Promise<string> {
  if (scope.tabId === undefined) return newKey();
  const mapping = tabKey(scope, scope.tabId);
  const known = await readEntry(scope.db, 'dashboard_filter_state_tab', mapping);
  if (typeof known === 'string') return known;
  const key = newKey();
  await writeEntry(scope.db, {
    key: mapping,
    resource: 'dashboard_filter_state_tab',
    value: key,
    createdBy: scope.principal.id,
    expiresOn: expiresOn(),
  });
  return key;
}

async function storedState(scope: StateScope, key: string): Promise<StoredState> {
  const entry = (await readEntry(scope.db, 'dashboard_filter_state', key)) as StoredState | undefined;
  if (!entry || entry.dashboardId !== scope.dashboardId) throw new NotFoundError();
  return entry;
}

function checkOwner(scope: StateScope, entry: StoredState): void {
  if (entry.owner !== scope.principal.id) {
    throw new ForbiddenError("You don't have permission to modify the value.");
  }
}

export async function createFilterState(scope: StateScope, body: unknown): Promise<string> {
  const value = parseValue(body);
  await checkDashboard(scope);
  const key = await keyOfTab(scope);
  await store(scope, key, value);
  return key;
}

/** Writes the new value; a tab that moved on to a key of its own gets its value there (Superset's rule). */
export async function updateFilterState(scope: StateScope, key: string, body: unknown): Promise<string> {
  const value = parseValue(body);
  await checkDashboard(scope);
  checkOwner(scope, await storedState(scope, key));
  const target = scope.tabId === undefined ? key : await keyOfTab(scope);
  await store(scope, target, value);
  return target;
}

export async function readFilterState(scope: StateScope, key: string): Promise<string> {
  await checkDashboard(scope);
  return (await storedState(scope, key)).value;
}

export async function deleteFilterState(scope: StateScope, key: string): Promise<void> {
  await checkDashboard(scope);
  checkOwner(scope, await storedState(scope, key));
  await deleteEntry(scope.db, 'dashboard_filter_state', key);
  if (scope.tabId !== undefined) {
    await deleteEntry(scope.db, 'dashboard_filter_state_tab', tabKey(scope, scope.tabId));
  }
}
