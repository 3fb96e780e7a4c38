import { type DashboardLayout, parseLayout } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { itemsForSave, moveItem, newDivider, newFilter } from './draft.ts';

const layout: DashboardLayout = parseLayout(null, [
  { id: 1, slice_name: 'A', uuid: 'a' },
  { id: 2, slice_name: 'B', uuid: 'b' },
]);

describe('filter configuration drafts', () => {
  it('makes ids with the native filter prefixes', () => {
    expect(newFilter().id).toMatch(/^NATIVE_FILTER-\w+$/);
    expect(newDivider().id).toMatch(/^NATIVE_FILTER_DIVIDER-\w+$/);
  });

  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('drops deleted items and their parent links and resolves scopes', () => {
    const parent = newFilter();
    const child = {
      ...newFilter(),
      cascadeParentIds: [parent.id],
      scope: { rootPath: ['ROOT_ID'], excluded: [2] },
    };
    const saved = itemsForSave([parent, child], new Set([parent.id]), layout);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: child.id, cascadeParentIds: [], chartsInScope: [1] });
  });
});
