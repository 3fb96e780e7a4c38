import { describe, expect, it } from 'vitest';
import { FilterKeyError, filterKey, parseFilterKey } from './filterKey.ts';

describe('parseFilterKey', () => {
  it('splits chartId_column at the first underscore', () => {
    expect(parseFilterKey('12_country')).toEqual({ chartId: 12, column: 'country' });
    expect(parseFilterKey('7_country_code')).toEqual({ chartId: 7, column: 'country_code' });
    expect(parseFilterKey(filterKey(5, '__time_range'))).toEqual({ chartId: 5, column: '__time_range' });
  });

  it.each(['', 'country', '12', '12_', '_country', 'x12_country'])(
    "rejects %j with 'Cannot parse invalid filter key'",
    (key) => {
      expect(() => parseFilterKey(key)).toThrow(FilterKeyError);
      expect(() => parseFilterKey(key)).toThrow('Cannot parse invalid filter key');
    },
  );
});
