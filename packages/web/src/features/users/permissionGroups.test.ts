import type { PermissionView } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { grantedIds, groupByView } from './permissionGroups.ts';

let nextId = 0;
function pair(permission: string, view: string): PermissionView {
  nextId += 1;
  return {
    id: nextId,
    permission: { id: nextId * 10, name: permission },
    view_menu: { id: nextId * 100, name: view },
  };
}

const pairs = [
  pair('can_write', 'Dashboard'),
  pair('can_read', 'Dashboard'),
  pair('can_sqllab', 'Superset'),
  pair('can_read', 'Chart'),
];

describe('groupByView', () => {
  it('groups by view and sorts views and permissions', () => {
    expect(
      groupByView(pairs).map((group) => [group.view, group.pairs.map((p) => p.permission.name)]),
    ).toEqual([
      ['Chart', ['can_read']],
      ['Dashboard', ['can_read', 'can_write']],
      ['Superset', ['can_sqllab']],
    ]);
  });

  it('keeps pairs whose view or permission matches the search', () => {
    expect(groupByView(pairs, 'dash').map((group) => group.view)).toEqual(['Dashboard']);
    expect(groupByView(pairs, 'SQLLAB').map((group) => group.view)).toEqual(['Superset']);
    expect(
      groupByView(pairs, 'can_read').flatMap((group) => group.pairs.map((p) => p.view_menu.name)),
    ).toEqual(['Chart', 'Dashboard']);
  });
});

describe('grantedIds', () => {
  it('finds the ids of the granted pairs by name', () => {
    const ids = grantedIds([{ id: 999, permission_name: 'can_read', view_menu_name: 'Dashboard' }], pairs);
    expect([...ids]).toEqual([pairs[1]?.id]);
  });
});
