import type { FilterConfigItem } from '@vitrina/common/filters/types';
import { describe, expect, it } from 'vitest';
import { changedDefaults } from './changedDefaults.ts';
import { newFilter } from './draft.ts';

describe('masks changed by a saved configuration', () => {
  it('starts new and changed filters from their defaults and drops deleted ones', () => {
    const kept = newFilter();
    const changed = newFilter();
    const gone = newFilter();
    const before: FilterConfigItem[] = [kept, changed, gone];
    const withDefault = {
      ...changed,
      defaultDataMask: { extraFormData: { time_range: 'Last week' }, filterState: { value: 'Last week' } },
    };
    const added = newFilter('filter_time');
    const result = changedDefaults(before, [kept, withDefault, added]);
    expect(Object.keys(result).sort()).toEqual([changed.id, gone.id, added.id].sort());
    expect(result[changed.id]?.extraFormData).toEqual({ time_range: 'Last week' });
    expect(result[gone.id]).toBeNull();
  });
});
