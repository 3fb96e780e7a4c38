/**
 * The confirm-overwrite prompt (spec: 'Please confirm the overwrite values.'): which saved fields the
 * server now holds differently from what this editor is about to write. JSON text fields compare by
 * content, owners and roles as sets of ids.
 */

export const STALE_SAVE_FIELDS = [
  'dashboard_title',
  'dashboard_title_ru',
  'slug',
  'css',
  'owners',
  'roles',
  'certified_by',
  'certification_details',
  'json_metadata',
  'position_json',
] as const;
export type StaleSaveField = (typeof STALE_SAVE_FIELDS)[number];

export type SaveComparable = Partial<Record<StaleSaveField, unknown>>;

export interface StaleSaveDifference {
  field: StaleSaveField;
  local: unknown;
  server: unknown;
}

const JSON_FIELDS: readonly StaleSaveField[] = ['json_metadata', 'position_json'];
const ID_LIST_FIELDS: readonly StaleSaveField[] = ['owners', 'roles'];

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Ids of a list of ids or of `{id}` references, sorted. */
function idSet(value: unknown): number[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .map((item) => (typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item))
    .filter((id): id is number => typeof id === 'number')
    .sort((a, b) => a - b);
}

/** Key order does not matter for objects; array order does. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => deepEqual(left[key], right[key]));
}

function normalized(field: StaleSaveField, value: unknown): unknown {
  if (JSON_FIELDS.includes(field)) return parseJsonText(value);
  if (ID_LIST_FIELDS.includes(field)) return idSet(value);
  // Blank and missing text fields mean the same thing.
  return value === '' || value === undefined ? null : value;
}

/** Fields present in both documents whose values differ; fields either side leaves out are not compared. */
export function staleSaveDiff(local: SaveComparable, server: SaveComparable): StaleSaveDifference[] {
  return STALE_SAVE_FIELDS.filter((field) => field in local && field in server)
    .filter((field) => !deepEqual(normalized(field, local[field]), normalized(field, server[field])))
    .map((field) => ({ field, local: local[field], server: server[field] }));
}
