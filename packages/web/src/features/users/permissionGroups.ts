import type { PermissionView, RolePermission } from '@vitrina/common';

export interface PermissionGroup {
  view: string;
  pairs: PermissionView[];
}

/** Grantable pairs grouped by view, both sorted by name; a search keeps pairs whose view or permission matches. */
export function groupByView(pairs: readonly PermissionView[], search = ''): PermissionGroup[] {
  const needle = search.trim().toLowerCase();
  const groups = new Map<string, PermissionView[]>();
  for (const pair of pairs) {
    const view = pair.view_menu.name;
    const matches =
      !needle || view.toLowerCase().includes(needle) || pair.permission.name.toLowerCase().includes(needle);
    if (!matches) continue;
    const group = groups.get(view) ?? [];
    group.push(pair);
    groups.set(view, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([view, group]) => ({
      view,
      pairs: group.sort((a, b) => a.permission.name.localeCompare(b.permission.name)),
    }));
}

/** The ids of the role's current pairs, matched by name so either id space works. */
export function grantedIds(
  granted: readonly RolePermission[],
  pairs: readonly PermissionView[],
): Set<number> {
  const names = new Set(granted.map((pair) => `${pair.permission_name}\u0000${pair.view_menu_name}`));
  return new Set(
    pairs
      .filter((pair) => names.has(`${pair.permission.name}\u0000${pair.view_menu.name}`))
      .map((pair) => pair.id),
  );
}
