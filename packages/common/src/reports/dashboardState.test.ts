import { describe, expect, it } from 'vitest';
import { reportDashboardState } from './dashboardState.ts';

describe('reportDashboardState', () => {
  it('reads tabs from activeTabs and from an anchor given as one id or a JSON list', () => {
    expect(
      reportDashboardState({ dashboard: { activeTabs: ['TAB-a'], anchor: 'TAB-b' } }).activeTabs,
    ).toEqual(['TAB-a', 'TAB-b']);
    expect(reportDashboardState({ dashboard: { anchor: '["TAB-c","TAB-a"]' } }).activeTabs).toEqual([
      'TAB-c',
      'TAB-a',
    ]);
    expect(reportDashboardState({ dashboard: { anchor: '[broken' } }).activeTabs).toEqual([]);
  });

  it('turns a select filter into the IN filter and value the dashboard filter would set', () => {
    const state = reportDashboardState({
      dashboard: {
        nativeFilters: [
          {
            nativeFilterId: 'NATIVE_FILTER-x',
            filterType: 'filter_select',
            columnName: 'country',
            filterValues: ['FR'],
          },
        ],
      },
    });
    expect(state.dataMask).toEqual({
      'NATIVE_FILTER-x': {
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
        filterState: { value: ['FR'] },
        ownState: {},
      },
    });
  });

  it('maps time, grain and range filters, and leaves out what it cannot read', () => {
    const state = reportDashboardState({
      dashboard: {
        nativeFilters: [
          { nativeFilterId: 'T', filterType: 'filter_time', filterValues: ['Last week'] },
          { nativeFilterId: 'G', filterType: 'filter_timegrain', filterValues: ['P1M'] },
          { nativeFilterId: 'R', filterType: 'filter_range', columnName: 'amount', filterValues: [10, null] },
          { nativeFilterId: 'E', filterType: 'filter_select', columnName: 'c', filterValues: [] },
          { nativeFilterId: 'U', filterType: 'filter_unknown', columnName: 'c', filterValues: [1] },
          { filterType: 'filter_select', columnName: 'c', filterValues: [1] },
        ],
      },
    });
    expect(Object.keys(state.dataMask)).toEqual(['T', 'G', 'R']);
    expect(state.dataMask.T).toMatchObject({ extraFormData: { time_range: 'Last week' } });
    expect(state.dataMask.G).toMatchObject({ extraFormData: { time_grain_sqla: 'P1M' } });
    expect(state.dataMask.R).toMatchObject({
      extraFormData: { filters: [{ col: 'amount', op: '>=', val: 10 }] },
    });
  });

  it('answers an empty state for a report without dashboard extras', () => {
    expect(reportDashboardState(null)).toEqual({ dataMask: {}, activeTabs: [] });
    expect(reportDashboardState({ dashboard: 'nonsense' })).toEqual({ dataMask: {}, activeTabs: [] });
  });
});
