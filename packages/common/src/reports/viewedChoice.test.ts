import { describe, expect, it } from 'vitest';
import { parseLayout } from '../layout/parse.ts';
import { dashboardChoiceExtra, valueFilterChoices } from './dashboardChoices.ts';
import { selectFilterConfig } from './testing.ts';
import { shownTabs, viewedDashboardChoice } from './viewedChoice.ts';

const layout = parseLayout(
  JSON.stringify({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-a'] },
    'TABS-a': { id: 'TABS-a', type: 'TABS', children: ['TAB-sales', 'TAB-costs'], meta: {} },
    'TAB-sales': { id: 'TAB-sales', type: 'TAB', children: ['TABS-b'], meta: { text: 'Sales' } },
    'TAB-costs': { id: 'TAB-costs', type: 'TAB', children: ['TABS-c'], meta: { text: 'Costs' } },
    'TABS-b': { id: 'TABS-b', type: 'TABS', children: ['TAB-eu', 'TAB-us'], meta: {} },
    'TAB-eu': { id: 'TAB-eu', type: 'TAB', children: [], meta: { text: 'Europe' } },
    'TAB-us': { id: 'TAB-us', type: 'TAB', children: [], meta: { text: 'US' } },
    'TABS-c': { id: 'TABS-c', type: 'TABS', children: ['TAB-rent'], meta: {} },
    'TAB-rent': { id: 'TAB-rent', type: 'TAB', children: [], meta: { text: 'Rent' } },
  }),
  [],
);

const filters = valueFilterChoices(
  JSON.stringify({
    native_filter_configuration: [
      selectFilterConfig('NATIVE_FILTER-country', 'Country', 'country'),
      selectFilterConfig('NATIVE_FILTER-city', 'City', 'city'),
      selectFilterConfig('NATIVE_FILTER-year', 'Year', 'year'),
    ],
  }),
);

const mask = (value: unknown) => ({ extraFormData: {}, filterState: { value }, ownState: {} });

describe('the dashboard state a new report starts from', () => {
  it('chooses the first tab of each container nobody switched, down the shown tabs only', () => {
    expect(shownTabs(layout, {})).toEqual(['TAB-sales', 'TAB-eu']);
  });

  it('chooses the switched tabs, and those inside them, not those of hidden tabs', () => {
    expect(shownTabs(layout, { 'TABS-a': 'TAB-costs', 'TABS-b': 'TAB-us' })).toEqual([
      'TAB-costs',
      'TAB-rent',
    ]);
    expect(shownTabs(layout, { 'TABS-b': 'TAB-us' })).toEqual(['TAB-sales', 'TAB-us']);
    // A remembered tab the layout no longer has falls back to the first one.
    expect(shownTabs(layout, { 'TABS-a': 'TAB-gone' })).toEqual(['TAB-sales', 'TAB-eu']);
  });

  it('has no tabs for a dashboard without tabs', () => {
    expect(shownTabs(parseLayout(null, []), {})).toEqual([]);
  });

  it("takes the value filters' applied values as texts, and leaves out empty ones and cross-filters", () => {
    const choice = viewedDashboardChoice(
      layout,
      { 'TABS-b': 'TAB-us' },
      {
        'NATIVE_FILTER-country': mask(['France', 'Spain']),
        'NATIVE_FILTER-city': mask(undefined),
        'NATIVE_FILTER-year': mask(2024),
        '17': mask(['Paris']),
      },
      filters,
    );
    expect(choice).toEqual({
      tabs: ['TAB-sales', 'TAB-us'],
      filterValues: { 'NATIVE_FILTER-country': ['France', 'Spain'], 'NATIVE_FILTER-year': ['2024'] },
    });
    // Saved as it is, it is the `extra.dashboard` that shows the same view.
    expect(dashboardChoiceExtra(choice, filters)).toEqual({
      dashboard: {
        activeTabs: ['TAB-sales', 'TAB-us'],
        nativeFilters: [
          {
            nativeFilterId: 'NATIVE_FILTER-country',
            filterType: 'filter_select',
            columnName: 'country',
            filterValues: ['France', 'Spain'],
          },
          {
            nativeFilterId: 'NATIVE_FILTER-year',
            filterType: 'filter_select',
            columnName: 'year',
            filterValues: ['2024'],
          },
        ],
      },
    });
  });

  it('has no values when nothing is applied', () => {
    expect(viewedDashboardChoice(layout, {}, {}, filters).filterValues).toEqual({});
  });
});
