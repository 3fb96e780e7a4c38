import { describe, expect, it } from 'vitest';
import {
  dashboardChoiceExtra,
  dashboardChoiceOf,
  tabChoices,
  valueFilterChoices,
} from './dashboardChoices.ts';
import { reportDashboardState } from './dashboardState.ts';
import { selectFilterConfig } from './testing.ts';

const position = JSON.stringify({
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-a'] },
  'TABS-a': { id: 'TABS-a', type: 'TABS', children: ['TAB-sales', 'TAB-costs'], meta: {} },
  'TAB-sales': { id: 'TAB-sales', type: 'TAB', children: ['TABS-b'], meta: { text: 'Sales' } },
  'TAB-costs': { id: 'TAB-costs', type: 'TAB', children: [], meta: { text: '' } },
  'TABS-b': { id: 'TABS-b', type: 'TABS', children: ['TAB-eu'], meta: {} },
  'TAB-eu': { id: 'TAB-eu', type: 'TAB', children: [], meta: { text: 'Europe' } },
});

const metadata = JSON.stringify({
  native_filter_configuration: [
    selectFilterConfig('NATIVE_FILTER-country', 'Country', 'country'),
    {
      id: 'NATIVE_FILTER-time',
      type: 'NATIVE_FILTER',
      name: 'When',
      filterType: 'filter_time',
      targets: [{}],
      controlValues: {},
      defaultDataMask: {},
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    },
  ],
});

describe('dashboard report choices', () => {
  it('lists every tab in the order the dashboard shows them, under its parent tabs', () => {
    expect(tabChoices(position, 'Untitled')).toEqual([
      { id: 'TAB-sales', path: ['Sales'] },
      { id: 'TAB-eu', path: ['Sales', 'Europe'] },
      { id: 'TAB-costs', path: ['Untitled'] },
    ]);
  });

  it('offers the value filters with their columns', () => {
    expect(valueFilterChoices(metadata)).toEqual([
      { id: 'NATIVE_FILTER-country', name: 'Country', column: 'country' },
    ]);
  });

  it('stores a choice as extra.dashboard, which the renderer reads back, and reads it again', () => {
    const filters = valueFilterChoices(metadata);
    const extra = dashboardChoiceExtra(
      { tabs: ['TAB-eu'], filterValues: { 'NATIVE_FILTER-country': ['FR'] } },
      filters,
    );
    expect(extra).toEqual({
      dashboard: {
        activeTabs: ['TAB-eu'],
        nativeFilters: [
          {
            nativeFilterId: 'NATIVE_FILTER-country',
            filterType: 'filter_select',
            columnName: 'country',
            filterValues: ['FR'],
          },
        ],
      },
    });
    expect(reportDashboardState(extra).activeTabs).toEqual(['TAB-eu']);
    expect(dashboardChoiceOf(extra)).toEqual({
      tabs: ['TAB-eu'],
      filterValues: { 'NATIVE_FILTER-country': ['FR'] },
    });
  });

  it('stores nothing when nothing is chosen', () => {
    expect(
      dashboardChoiceExtra(
        { tabs: [], filterValues: { 'NATIVE_FILTER-country': [] } },
        valueFilterChoices(metadata),
      ),
    ).toEqual({});
    expect(dashboardChoiceOf(null)).toEqual({ tabs: [], filterValues: {} });
  });
});
