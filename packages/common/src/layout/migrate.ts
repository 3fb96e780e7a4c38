/**
 * Upgrades stored position_json to DASHBOARD_LAYOUT_VERSION one version at a time (DESIGN §3.10). A
 * layout without a version key is v1: Superset's early layouts kept sizes as strings and sometimes
 * left out meta, children or the id inside the node.
 */

import { isRecord } from '../isRecord.ts';
import { DASHBOARD_LAYOUT_VERSION, DASHBOARD_VERSION_KEY } from './types.ts';

export type RawLayout = Record<string, unknown>;
type Migration = (layout: RawLayout) => RawLayout;

const NUMERIC_META_KEYS = ['width', 'height', 'chartId'] as const;

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

function upgradeNodeToV2(id: string, value: Record<string, unknown>): Record<string, unknown> {
  const meta: Record<string, unknown> = isRecord(value.meta) ? { ...value.meta } : {};
  for (const key of NUMERIC_META_KEYS) {
    if (key in meta) meta[key] = toNumber(meta[key]);
  }
  const children = Array.isArray(value.children)
    ? value.children.filter((child): child is string => typeof child === 'string')
    : [];
  return { ...value, id: typeof value.id === 'string' ? value.id : id, children, meta };
}

const upgradeV1ToV2: Migration = (layout) => {
  const next: RawLayout = {};
  for (const [id, value] of Object.entries(layout)) {
    if (id === DASHBOARD_VERSION_KEY) continue;
    next[id] = isRecord(value) ? upgradeNodeToV2(id, value) : value;
  }
  next[DASHBOARD_VERSION_KEY] = 'v2';
  return next;
};

/** Migrations keyed by the version they upgrade from. */
const MIGRATIONS: Record<string, Migration> = { v1: upgradeV1ToV2 };

export function layoutVersionOf(layout: RawLayout): string {
  const version = layout[DASHBOARD_VERSION_KEY];
  return typeof version === 'string' ? version : 'v1';
}

/** The layout upgraded to the current version; versions this code does not know are left as they are. */
export function migrateLayout(layout: RawLayout): RawLayout {
  let current = layout;
  const applied = new Set<string>();
  let version = layoutVersionOf(current);
  let migration = MIGRATIONS[version];
  while (version !== DASHBOARD_LAYOUT_VERSION && migration && !applied.has(version)) {
    applied.add(version);
    current = migration(current);
    version = layoutVersionOf(current);
    migration = MIGRATIONS[version];
  }
  return current;
}
