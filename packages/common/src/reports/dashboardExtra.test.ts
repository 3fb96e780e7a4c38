import { describe, expect, it } from 'vitest';
import { tabsLayout } from '../layout/testLayouts.ts';
import { dashboardStateProblems } from './dashboardExtra.ts';

const dashboard = {
  position_json: JSON.stringify(tabsLayout()),
  json_metadata: JSON.stringify({
    native_filter_configuration: [{ id: 'NATIVE_FILTER-city', filterType: 'filter_select' }],
  }),
};

describe('dashboardStateProblems', () => {
  it('accepts no state, an empty one, and tabs and filters of the dashboard', () => {
    expect(dashboardStateProblems(null, dashboard)).toEqual([]);
    expect(dashboardStateProblems({}, dashboard)).toEqual([]);
    expect(dashboardStateProblems({ dashboard: {} }, dashboard)).toEqual([]);
    expect(
      dashboardStateProblems(
        {
          dashboard: {
            activeTabs: ['TAB-b', 'TAB-c'],
            anchor: 'TAB-c',
            nativeFilters: [{ nativeFilterId: 'NATIVE_FILTER-city', filterValues: ['Berlin'] }],
          },
        },
        dashboard,
      ),
    ).toEqual([]);
  });

  it('names each tab and native filter the dashboard does not have', () => {
    expect(
      dashboardStateProblems(
        {
          dashboard: {
            activeTabs: ['TAB-a', 'TAB-x'],
            anchor: 'ROW-a',
            nativeFilters: [{ nativeFilterId: 'NATIVE_FILTER-gone' }],
          },
        },
        dashboard,
      ),
    ).toEqual([
      'Tab not found in the dashboard: TAB-x',
      'Tab not found in the dashboard: ROW-a',
      'Native filter not found in the dashboard: NATIVE_FILTER-gone',
    ]);
  });

  it('finds nothing in a dashboard without tabs or filters', () => {
    expect(
      dashboardStateProblems(
        { dashboard: { activeTabs: ['TAB-a'], nativeFilters: [{ nativeFilterId: 'NATIVE_FILTER-city' }] } },
        { position_json: null, json_metadata: null },
      ),
    ).toEqual([
      'Tab not found in the dashboard: TAB-a',
      'Native filter not found in the dashboard: NATIVE_FILTER-city',
    ]);
  });

  it('says when the state is not shaped as Superset writes it', () => {
    expect(dashboardStateProblems({ dashboard: 'TAB-a' }, dashboard)).toEqual([
      'extra.dashboard must be an object',
    ]);
    expect(
      dashboardStateProblems(
        { dashboard: { activeTabs: 'TAB-a', anchor: 3, nativeFilters: [{}] } },
        dashboard,
      ),
    ).toEqual([
      'extra.dashboard.activeTabs must be a list of tab ids',
      'extra.dashboard.anchor must be a tab id',
      'extra.dashboard.nativeFilters must be a list of {nativeFilterId, …}',
    ]);
  });
});
