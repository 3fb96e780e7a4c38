import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { maskFromValue } from './mask.ts';

const filter = nativeFilter('f', 'filter_range', { targets: [{ datasetId: 4, column: { name: 'amount' } }] });

describe('range filter maskFromValue', () => {
  it('filters >= the lower and <= the upper bound', () => {
    expect(maskFromValue(filter, [10, 20])).toEqual({
      id: 'f',
      extraFormData: {
        filters: [
          { col: 'amount', op: '>=', val: 10 },
          { col: 'amount', op: '<=', val: 20 },
        ],
      },
      filterState: { value: [10, 20], label: '10 ≤ amount ≤ 20' },
    });
  });

  it('leaves an open side out and uses == for equal bounds', () => {
    expect(maskFromValue(filter, [null, 5]).extraFormData).toEqual({
      filters: [{ col: 'amount', op: '<=', val: 5 }],
    });
    expect(maskFromValue(filter, [5, null]).filterState?.label).toBe('amount ≥ 5');
    expect(maskFromValue(filter, [5, 5]).extraFormData).toEqual({
      filters: [{ col: 'amount', op: '==', val: 5 }],
    });
  });

  it('filters nothing for an empty or reversed range', () => {
    expect(maskFromValue(filter, null).extraFormData).toEqual({});
    expect(maskFromValue(filter, [20, 10])).toMatchObject({
      extraFormData: {},
      filterState: { validateStatus: 'error', validateMessage: 'nativeFilters.validation.rangeOrder' },
    });
  });
});
