import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { firstItemValue, maskFromValue } from './mask.ts';

describe('value filter maskFromValue', () => {
  it('filters IN the chosen values', () => {
    expect(maskFromValue(nativeFilter('f', 'filter_select'), ['FR', 'DE'])).toEqual({
      id: 'f',
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }] },
      filterState: { value: ['FR', 'DE'], label: 'FR, DE' },
    });
  });

  it('filters NOT IN with inverse selection', () => {
    const filter = nativeFilter('f', 'filter_select', { controlValues: { inverseSelection: true } });
    expect(maskFromValue(filter, ['FR'])).toMatchObject({
      extraFormData: { filters: [{ col: 'country', op: 'NOT IN', val: ['FR'] }] },
      filterState: { excludeFilterValues: true },
    });
  });

  it('keeps one value in a single select and accepts a bare value', () => {
    const filter = nativeFilter('f', 'filter_select', { controlValues: { multiSelect: false } });
    expect(maskFromValue(filter, ['FR', 'DE']).filterState?.value).toEqual(['FR']);
    expect(maskFromValue(filter, 'DE').extraFormData).toEqual({
      filters: [{ col: 'country', op: 'IN', val: ['DE'] }],
    });
  });

  it('filters nothing when empty, and everything out when a value is required', () => {
    expect(maskFromValue(nativeFilter('f', 'filter_select'), [])).toEqual({
      id: 'f',
      extraFormData: {},
      filterState: { value: null, label: '' },
    });
    const required = nativeFilter('f', 'filter_select', { controlValues: { enableEmptyFilter: true } });
    expect(maskFromValue(required, null)).toEqual({
      id: 'f',
      extraFormData: { adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' }] },
      filterState: {
        value: null,
        label: '',
        validateStatus: 'error',
        validateMessage: 'nativeFilters.validation.valueRequired',
      },
    });
  });
});

describe('firstItemValue', () => {
  it('picks the first option only with select first value by default', () => {
    const options = [{ value: 'FR', label: 'FR' }];
    expect(firstItemValue(nativeFilter('f', 'filter_select'), options)).toBeNull();
    const first = nativeFilter('f', 'filter_select', { controlValues: { defaultToFirstItem: true } });
    expect(firstItemValue(first, options)).toEqual(['FR']);
    expect(firstItemValue(first, [])).toBeNull();
  });
});
