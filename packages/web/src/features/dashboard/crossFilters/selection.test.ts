import { crossFilterMask } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { crossFilterEntries } from './crossFilterEntries.ts';
import { isSelected, selectedOf, singleColumnOf, toggledMask } from './selection.ts';

const adhoc = { label: 'Upper region', sqlExpression: 'upper(region)', expressionType: 'SQL' as const };

describe('toggledMask', () => {
  it('selects the clicked value, replaces another, and clears on a second click', () => {
    const first = toggledMask(undefined, [{ column: 'region', value: 'East' }], 'East');
    expect(first.extraFormData?.filters).toEqual([{ col: 'region', op: 'IN', val: ['East'] }]);
    expect(selectedOf(first)).toEqual({ columns: ['region'], tuples: [['East']] });

    const second = toggledMask(first, [{ column: 'region', value: 'West' }]);
    expect(selectedOf(second)).toEqual({ columns: ['region'], tuples: [['West']] });

    const cleared = toggledMask(second, [{ column: 'region', value: 'West' }]);
    expect(cleared.extraFormData?.filters).toEqual([]);
    expect(selectedOf(cleared)).toBeNull();
  });

  it('filters a null value with IS NULL', () => {
    const mask = toggledMask(undefined, [{ column: 'region', value: null }]);
    expect(mask.extraFormData?.filters).toEqual([{ col: 'region', op: 'IS NULL' }]);
  });

  it('selects an element on several columns, adhoc ones too, and clears it on a second click', () => {
    const selection = [
      { column: 'region', value: 'East' },
      { column: adhoc, value: 'OSLO' },
    ];
    const mask = toggledMask(undefined, selection, 'East, OSLO');
    expect(mask.extraFormData?.filters).toEqual([
      { col: 'region', op: 'IN', val: ['East'] },
      { col: adhoc, op: 'IN', val: ['OSLO'] },
    ]);
    expect(selectedOf(mask)).toEqual({ columns: ['region', 'Upper region'], tuples: [['East', 'OSLO']] });
    expect(singleColumnOf(selectedOf(mask))).toBeNull();
    // Another element on the same columns replaces it; the same one clears it.
    const other = toggledMask(mask, [
      selection[0] as (typeof selection)[0],
      { column: adhoc, value: 'ROME' },
    ]);
    expect(selectedOf(other)?.tuples).toEqual([['East', 'ROME']]);
    expect(toggledMask(mask, selection).extraFormData?.filters).toEqual([]);
  });
});

describe('isSelected', () => {
  it('matches an element on the same columns, comparing values as text', () => {
    const selected = { columns: ['region', 'year'], tuples: [['East', 2024]] };
    expect(isSelected(selected, ['region', 'year'], ['East', '2024'])).toBe(true);
    expect(isSelected(selected, ['region', 'year'], ['East', 2023])).toBe(false);
    expect(isSelected(selected, ['region'], ['East'])).toBe(false);
    expect(isSelected({ columns: ['region'], tuples: [[null]] }, ['region'], [null])).toBe(true);
    expect(isSelected({ columns: ['region'], tuples: [[null]] }, ['region'], ['null'])).toBe(false);
  });
});

describe('crossFilterEntries', () => {
  it('lists the applied cross-filters only, with their labels', () => {
    const entries = crossFilterEntries({
      '12': { ...crossFilterMask('region', ['East'], 'East'), id: '12' },
      '13': crossFilterMask('city', []),
      '14': crossFilterMask([
        { column: 'region', value: 'East' },
        { column: 'city', value: 'Oslo' },
      ]),
      'NATIVE_FILTER-a': { extraFormData: { filters: [{ col: 'x', op: 'IN', val: [1] }] } },
    });
    expect(entries).toEqual([
      { chartId: 12, column: 'region', label: 'East' },
      { chartId: 14, column: 'region, city', label: 'East, Oslo' },
    ]);
  });
});
