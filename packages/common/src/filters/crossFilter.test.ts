import { describe, expect, it } from 'vitest';
import { tabsLayout } from '../layout/testLayouts.ts';
import { crossFilterMask, crossFilterScope, isCrossFilterActive } from './crossFilter.ts';

describe('crossFilterMask', () => {
  it('filters the column to the clicked values', () => {
    const mask = crossFilterMask('country', ['FR', 'DE']);
    expect(mask.extraFormData).toEqual({ filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }] });
    expect(mask.filterState).toMatchObject({ value: ['FR', 'DE'], label: 'FR, DE' });
    expect(isCrossFilterActive(mask)).toBe(true);
  });

  it('keeps null among other values, which IN matches', () => {
    expect(crossFilterMask('country', ['FR', null]).extraFormData).toEqual({
      filters: [{ col: 'country', op: 'IN', val: ['FR', null] }],
    });
  });

  it('uses IS NULL for a null value and the given label', () => {
    expect(crossFilterMask('country', [null], 'N/A')).toMatchObject({
      extraFormData: { filters: [{ col: 'country', op: 'IS NULL' }] },
      filterState: { label: 'N/A' },
    });
  });

  it('clears with no values', () => {
    const mask = crossFilterMask('country', []);
    expect(mask.extraFormData).toEqual({ filters: [] });
    expect(mask.filterState?.value).toBeNull();
    expect(isCrossFilterActive(mask)).toBe(false);
  });
});

describe('crossFilterMask on several columns', () => {
  it('emits one filter per column and labels the values joined', () => {
    const mask = crossFilterMask([
      { column: 'country', value: 'FR' },
      { column: 'city', value: null },
    ]);
    expect(mask.extraFormData).toEqual({
      filters: [
        { col: 'country', op: 'IN', val: ['FR'] },
        { col: 'city', op: 'IS NULL' },
      ],
    });
    expect(mask.filterState).toEqual({
      value: [['FR', null]],
      selectedValues: [['FR', null]],
      label: 'FR, null',
      filters: { country: ['FR'], city: [null] },
    });
  });

  it('filters an adhoc column by the column object, keyed by its label', () => {
    const adhoc = { label: 'Upper', sqlExpression: 'upper(country)', expressionType: 'SQL' as const };
    const mask = crossFilterMask([{ column: adhoc, value: 'FR' }], 'FR!');
    expect(mask.extraFormData).toEqual({ filters: [{ col: adhoc, op: 'IN', val: ['FR'] }] });
    expect(mask.filterState).toMatchObject({ label: 'FR!', filters: { Upper: ['FR'] } });
  });

  it('is the single-column mask for one pair and clears for none', () => {
    expect(crossFilterMask([{ column: 'country', value: 'FR' }])).toEqual(crossFilterMask('country', ['FR']));
    expect(isCrossFilterActive(crossFilterMask([]))).toBe(false);
  });
});

describe('crossFilterScope', () => {
  it('reaches every other chart under the global scope, across tabs', () => {
    expect(crossFilterScope(1, undefined, undefined, tabsLayout())).toEqual([2]);
    expect(
      crossFilterScope(
        1,
        { '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [] } } },
        undefined,
        tabsLayout(),
      ),
    ).toEqual([2]);
  });

  it("uses the chart's own scope, else the dashboard's global one", () => {
    const global = { scope: { rootPath: ['ROOT_ID'], excluded: [2] }, chartsInScope: [] };
    expect(crossFilterScope(1, undefined, global, tabsLayout())).toEqual([]);
    const own = {
      '2': { id: 2, crossFilters: { scope: { rootPath: ['TAB-a'], excluded: [] }, chartsInScope: [1] } },
    };
    expect(crossFilterScope(2, own, global, tabsLayout())).toEqual([1]);
  });
});
