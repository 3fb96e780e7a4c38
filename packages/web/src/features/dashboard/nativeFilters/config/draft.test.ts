import { type DashboardLayout, parseLayout } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import {
  itemsForSave,
  mappedColumn,
  moveItem,
  newDivider,
  newFilter,
  withColumnMapping,
  withPrimaryTarget,
} from './draft.ts';

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

  it('maps the column onto another dataset, replaces and clears the mapping, and keeps it when saved', () => {
    const own = { ...newFilter(), targets: [{ datasetId: 3, column: { name: 'country' } }] };
    const mapped = withColumnMapping(own, 5, 'country_code');
    expect(mapped.targets).toEqual([
      { datasetId: 3, column: { name: 'country' } },
      { datasetId: 5, column: { name: 'country_code' } },
    ]);
    expect(mappedColumn(mapped, 5)).toBe('country_code');
    expect(mappedColumn(mapped, 3)).toBeUndefined();
    const remapped = withColumnMapping(mapped, 5, 'iso');
    expect(remapped.targets).toHaveLength(2);
    expect(mappedColumn(remapped, 5)).toBe('iso');
    expect(withColumnMapping(remapped, 5, null).targets).toEqual(own.targets);
    expect(itemsForSave([remapped], new Set(), layout)[0]).toMatchObject({ targets: remapped.targets });
  });

  it('drops the mappings when the own dataset or column changes', () => {
    const mapped = withColumnMapping(
      { ...newFilter(), targets: [{ datasetId: 3, column: { name: 'country' } }] },
      5,
      'country_code',
    );
    expect(withPrimaryTarget(mapped, { datasetId: 3, column: { name: 'city' } }).targets).toEqual([
      { datasetId: 3, column: { name: 'city' } },
    ]);
  });
});
