/**
 * Cascading filters: a child filter's options narrow to its parents' selections, so parents load and
 * apply first. Cycles are configuration errors.
 */
import { isNativeFilter } from './items.ts';
import { mergeExtraFormData } from './mergeExtraFormData.ts';
import type { DataMaskMap, ExtraFormData, FilterConfigItem, NativeFilter } from './types.ts';

/** Thrown for filters whose parents lead back to themselves; `filterIds` is the cycle in order. */
export class CascadeCycleError extends Error {
  override name = 'CascadeCycleError';
  constructor(readonly filterIds: string[]) {
    super(`Cascading filters form a cycle: ${filterIds.join(' → ')}`);
  }
}

function byId(filters: readonly FilterConfigItem[]): Map<string, NativeFilter> {
  return new Map(filters.filter(isNativeFilter).map((filter) => [filter.id, filter]));
}

/** The parents that exist in the configuration (a deleted parent no longer counts). */
export function cascadeParentsOf(filter: NativeFilter, filters: readonly FilterConfigItem[]): string[] {
  const known = byId(filters);
  return (filter.cascadeParentIds ?? []).filter((id) => id !== filter.id && known.has(id));
}

/** The first cycle among the parent links, or null. A filter that names itself is a cycle too. */
export function findCascadeCycle(filters: readonly FilterConfigItem[]): string[] | null {
  const known = byId(filters);
  const done = new Set<string>();
  const visit = (id: string, path: string[]): string[] | null => {
    const at = path.indexOf(id);
    if (at >= 0) return path.slice(at);
    if (done.has(id)) return null;
    for (const parent of known.get(id)?.cascadeParentIds ?? []) {
      if (!known.has(parent)) continue;
      const cycle = visit(parent, [...path, id]);
      if (cycle) return cycle;
    }
    done.add(id);
    return null;
  };
  for (const id of known.keys()) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return null;
}

/** Native filters with every parent before its children, otherwise in configuration order. */
export function cascadeOrder(filters: readonly FilterConfigItem[]): NativeFilter[] {
  const cycle = findCascadeCycle(filters);
  if (cycle) throw new CascadeCycleError(cycle);
  const known = byId(filters);
  const ordered: NativeFilter[] = [];
  const placed = new Set<string>();
  const place = (filter: NativeFilter) => {
    if (placed.has(filter.id)) return;
    placed.add(filter.id);
    for (const parent of cascadeParentsOf(filter, filters)) place(known.get(parent) as NativeFilter);
    ordered.push(filter);
  };
  for (const filter of known.values()) place(filter);
  return ordered;
}

/** Every ancestor of a filter, farthest first, each once. */
export function cascadeAncestors(filterId: string, filters: readonly FilterConfigItem[]): string[] {
  const known = byId(filters);
  const ancestors: string[] = [];
  const visit = (id: string, seen: Set<string>) => {
    for (const parent of known.get(id)?.cascadeParentIds ?? []) {
      if (!known.has(parent) || seen.has(parent) || parent === filterId) continue;
      seen.add(parent);
      visit(parent, seen);
      if (!ancestors.includes(parent)) ancestors.push(parent);
    }
  };
  visit(filterId, new Set());
  return ancestors;
}

/**
 * What narrows a child's options: the selections of its parents and their parents, nearest last so a
 * nearer parent's time range or grain wins.
 */
export function parentsExtraFormData(
  filterId: string,
  filters: readonly FilterConfigItem[],
  dataMask: DataMaskMap,
): ExtraFormData {
  let extra: ExtraFormData = {};
  for (const parent of cascadeAncestors(filterId, filters)) {
    extra = mergeExtraFormData(extra, dataMask[parent]?.extraFormData);
  }
  return extra;
}
