import { describe, expect, it } from 'vitest';
import type { DataMaskMap } from './types.ts';
import { encodeNativeFiltersParam, NativeFiltersParamError, parseNativeFiltersParam } from './urlState.ts';

describe('the native_filters URL parameter', () => {
  const map: DataMaskMap = {
    'NATIVE_FILTER-a': {
      id: 'NATIVE_FILTER-a',
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR', "Côte d'Ivoire"] }] },
      filterState: { value: ['FR', "Côte d'Ivoire"], label: "FR, Côte d'Ivoire" },
      ownState: {},
    },
    'NATIVE_FILTER-t': {
      id: 'NATIVE_FILTER-t',
      extraFormData: { time_range: 'Last week' },
      filterState: { value: 'Last week' },
    },
  };

  it('round-trips the masks through rison', () => {
    expect(parseNativeFiltersParam(encodeNativeFiltersParam(map))).toEqual(map);
  });

  it('reads what Superset writes', () => {
    expect(
      parseNativeFiltersParam(
        '(NATIVE_FILTER-a:(extraFormData:(filters:!((col:country,op:IN,val:!(FR)))),filterState:(value:!(FR))))',
      ),
    ).toEqual({
      'NATIVE_FILTER-a': {
        id: 'NATIVE_FILTER-a',
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
        filterState: { value: ['FR'] },
      },
    });
  });

  it('is empty for empty text and rejects text that is not a map of masks', () => {
    expect(parseNativeFiltersParam('')).toEqual({});
    expect(() => parseNativeFiltersParam('(a:1')).toThrow(NativeFiltersParamError);
    expect(() => parseNativeFiltersParam('!(1,2)')).toThrow(NativeFiltersParamError);
  });
});
