import { describe, expect, it } from 'vitest';
import { CascadeCycleError, cascadeOrder, findCascadeCycle, parentsExtraFormData } from './cascade.ts';
import { nativeFilter } from './testFilters.ts';

const region = nativeFilter('region', 'filter_select');
const city = nativeFilter('city', 'filter_select', { cascadeParentIds: ['region'] });
const store = nativeFilter('store', 'filter_select', { cascadeParentIds: ['city'] });
const time = nativeFilter('time', 'filter_time');

describe('cascadeOrder', () => {
  it('puts parents before their children and keeps the rest in order', () => {
    expect(cascadeOrder([store, time, city, region]).map((filter) => filter.id)).toEqual([
      'region',
      'city',
      'store',
      'time',
    ]);
  });

  it('ignores parents that no longer exist', () => {
    const orphan = nativeFilter('orphan', 'filter_select', { cascadeParentIds: ['gone'] });
    expect(cascadeOrder([orphan]).map((filter) => filter.id)).toEqual(['orphan']);
  });

  it('rejects a cycle, naming its filters', () => {
    const a = nativeFilter('a', 'filter_select', { cascadeParentIds: ['b'] });
    const b = nativeFilter('b', 'filter_select', { cascadeParentIds: ['a'] });
    expect(() => cascadeOrder([a, b])).toThrow(CascadeCycleError);
    expect(findCascadeCycle([a, b])).toEqual(['a', 'b']);
    expect(findCascadeCycle([nativeFilter('self', 'filter_select', { cascadeParentIds: ['self'] })])).toEqual(
      ['self'],
    );
    expect(findCascadeCycle([region, city, store])).toBeNull();
  });
});

describe('parentsExtraFormData', () => {
  const dataMask = {
    region: { extraFormData: { filters: [{ col: 'region', op: 'IN' as const, val: ['EU'] }] } },
    city: { extraFormData: { filters: [{ col: 'city', op: 'IN' as const, val: ['Paris'] }] } },
    time: { extraFormData: { time_range: 'Last week' } },
  };

  it("narrows a child to its parents' and their parents' selections", () => {
    expect(parentsExtraFormData('store', [region, city, store], dataMask)).toEqual({
      filters: [
        { col: 'region', op: 'IN', val: ['EU'] },
        { col: 'city', op: 'IN', val: ['Paris'] },
      ],
    });
    expect(parentsExtraFormData('city', [region, city, store], dataMask)).toEqual({
      filters: [{ col: 'region', op: 'IN', val: ['EU'] }],
    });
  });

  it('is empty for a filter without parents and survives a cycle', () => {
    expect(parentsExtraFormData('region', [region, city], dataMask)).toEqual({});
    const a = nativeFilter('region', 'filter_select', { cascadeParentIds: ['city'] });
    expect(parentsExtraFormData('city', [a, city], dataMask)).toEqual({
      filters: [{ col: 'region', op: 'IN', val: ['EU'] }],
    });
  });
});
