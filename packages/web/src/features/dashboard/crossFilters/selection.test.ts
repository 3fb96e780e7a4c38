import { crossFilterMask } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { crossFilterEntries } from './crossFilterEntries.ts';
import { selectedOf, toggledMask } from './selection.ts';

describe('toggledMask', () => {
  it('selects the clicked value, replaces another, and clears on a second click', () => {
    const first = toggledMask(undefined, { column: 'region', value: 'East' }, 'East');
    expect(first.extraFormData?.filters).toEqual([{ col: 'region', op: 'IN', val: ['East'] }]);
    expect(selectedOf(first)).toEqual({ column: 'region', values: ['East'] });

    const second = toggledMask(first, { column: 'region', value: 'West' });
    expect(selectedOf(second)).toEqual({ column: 'region', values: ['West'] });

    const cleared = toggledMask(second, { column: 'region', value: 'West' });
    expect(cleared.extraFormData?.filters).toEqual([]);
    expect(selectedOf(cleared)).toBeNull();
  });

  it('filters a null value with IS NULL', () => {
    const mask = toggledMask(undefined, { column: 'region', value: null });
    expect(mask.extraFormData?.filters).toEqual([{ col: 'region', op: 'IS NULL' }]);
  });
});

describe('crossFilterEntries', () => {
  it('lists the applied cross-filters only, with their labels', () => {
    const entries = crossFilterEntries({
      '12': { ...crossFilterMask('region', ['East'], 'East'), id: '12' },
      '13': crossFilterMask('city', []),
      'NATIVE_FILTER-a': { extraFormData: { filters: [{ col: 'x', op: 'IN', val: [1] }] } },
    });
    expect(entries).toEqual([{ chartId: 12, column: 'region', label: 'East' }]);
  });
});
