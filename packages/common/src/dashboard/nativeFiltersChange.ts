import { isRecord } from '../isRecord.ts';
/**
 * `PUT /api/v1/dashboard/{id}/filters` as a change to native_filter_configuration (Superset's
 * UpdateDashboardNativeFiltersCommand): filters to replace or add (`modified`), ids to drop
 * (`deleted`) and the new order (`reordered`). Applying it to the stored list, rather than saving a
 * whole list the client loaded, keeps filters someone else changed meanwhile.
 */

export interface NativeFiltersChange {
  modified: Array<Record<string, unknown> & { id: string }>;
  deleted: string[];
  reordered: string[];
}

export type ParsedFiltersChange =
  | { ok: true; change: NativeFiltersChange }
  | { ok: false; errors: Record<string, string[]> };

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

export function parseNativeFiltersChange(body: unknown): ParsedFiltersChange {
  if (!isRecord(body)) return { ok: false, errors: { _schema: ['Not a valid mapping type.'] } };
  const errors: Record<string, string[]> = {};
  for (const field of Object.keys(body)) {
    if (!['modified', 'deleted', 'reordered'].includes(field)) errors[field] = ['Unknown field.'];
  }
  const modified = body.modified ?? [];
  if (
    !Array.isArray(modified) ||
    !modified.every((item) => isRecord(item) && typeof item.id === 'string' && item.id)
  ) {
    errors.modified = ['Must be a list of filters, each with an id.'];
  }
  const deleted = body.deleted ?? [];
  if (!isIdList(deleted)) errors.deleted = ['Must be a list of filter ids.'];
  const reordered = body.reordered ?? [];
  if (!isIdList(reordered)) errors.reordered = ['Must be a list of filter ids.'];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    change: {
      modified: modified as NativeFiltersChange['modified'],
      deleted: deleted as string[],
      reordered: reordered as string[],
    },
  };
}

const idOf = (item: unknown) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined);

/**
 * The new configuration: deleted ids dropped, modified filters in their place, new ones appended;
 * then the order of `reordered`, with any filter it does not name kept after, in its old order.
 */
export function applyNativeFiltersChange(
  current: readonly unknown[],
  change: NativeFiltersChange,
): unknown[] {
  const deleted = new Set(change.deleted);
  const modified = new Map(change.modified.map((item) => [item.id, item]));
  const existing = new Set(current.map(idOf));
  const updated: unknown[] = [];
  for (const item of current) {
    const id = idOf(item);
    if (id !== undefined && deleted.has(id)) continue;
    updated.push((id !== undefined && modified.get(id)) || item);
  }
  for (const item of change.modified) {
    if (!existing.has(item.id) && !deleted.has(item.id)) updated.push(item);
  }
  if (change.reordered.length === 0) return updated;
  const rank = new Map(change.reordered.map((id, index) => [id, index]));
  const position = (item: unknown) => rank.get(idOf(item) ?? '') ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable, so unnamed filters keep their order after the named ones.
  return [...updated].sort((a, b) => {
    const pa = position(a);
    const pb = position(b);
    return pa === pb ? 0 : pa < pb ? -1 : 1;
  });
}
