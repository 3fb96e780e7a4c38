import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { buildQuery } from './buildQuery.ts';
import { maskFromValue } from './mask.ts';
import { transformProps } from './transformProps.ts';

const filter = nativeFilter('t', 'filter_time', { targets: [{}] });

describe('time range filter', () => {
  it('needs no query and draws the time-range picker', () => {
    expect(buildQuery()).toBeNull();
    expect(transformProps()).toEqual({ kind: 'timeRange' });
  });

  it('overrides the time range of the charts in scope', () => {
    expect(maskFromValue(filter, 'Last week')).toEqual({
      id: 't',
      extraFormData: { time_range: 'Last week' },
      filterState: { value: 'Last week', label: 'Last week' },
    });
  });

  it("clears with 'No filter' or nothing, flagging a required value", () => {
    expect(maskFromValue(filter, 'No filter').extraFormData).toEqual({});
    const required = nativeFilter('t', 'filter_time', { controlValues: { enableEmptyFilter: true } });
    expect(maskFromValue(required, undefined).filterState?.validateStatus).toBe('error');
  });
});
