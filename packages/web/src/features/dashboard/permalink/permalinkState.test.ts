import {
  type DashboardLayout,
  DISABLE_DOMAIN_SHARDING_URL_PARAM,
  type LayoutNode,
  ROOT_ID,
} from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import {
  anchorSelector,
  chartAnchor,
  permalinkKeyOf,
  permalinkState,
  permalinkTarget,
  tabsToOpen,
} from './permalinkState.ts';

const node = (id: string, type: LayoutNode['type'], children: string[] = [], meta = {}): LayoutNode => ({
  id,
  type,
  children,
  meta,
});
const layout: DashboardLayout = {
  [ROOT_ID]: node(ROOT_ID, 'ROOT', ['TABS-1']),
  'TABS-1': node('TABS-1', 'TABS', ['TAB-A', 'TAB-B']),
  'TAB-A': node('TAB-A', 'TAB', ['CHART-x']),
  'TAB-B': node('TAB-B', 'TAB', []),
  'CHART-x': node('CHART-x', 'CHART', [], { chartId: 12 }),
};

describe('permalink state', () => {
  it('keeps the selection, the open tabs, the anchor and the parameters but not the selection parameters', () => {
    const mask = { '12': { extraFormData: {} } };
    expect(
      permalinkState(
        mask,
        { 'TABS-1': 'TAB-B' },
        '?standalone=1&native_filters=(a:b)&permalink_key=k',
        'CHART-x',
      ),
    ).toEqual({ dataMask: mask, activeTabs: ['TAB-B'], urlParams: [['standalone', '1']], anchor: 'CHART-x' });
    expect(permalinkState({}, {}, '')).toEqual({ dataMask: {}, activeTabs: [], urlParams: [] });
  });

  it('opens the dashboard with its parameters, the key and the anchor', () => {
    expect(permalinkTarget('9', 'abc', { urlParams: [['standalone', '1']], anchor: 'CHART-x' })).toBe(
      '/superset/dashboard/9/?standalone=1&permalink_key=abc#CHART-x',
    );
    expect(permalinkTarget('9', 'abc', {})).toBe('/superset/dashboard/9/?permalink_key=abc');
  });

  it('keeps disableDomainSharding=1 through a permalink (accepted and kept, though Vitrina never shards)', () => {
    const state = permalinkState({}, {}, `?${DISABLE_DOMAIN_SHARDING_URL_PARAM}=1&standalone=2`);
    expect(permalinkTarget('9', 'abc', state)).toBe(
      '/superset/dashboard/9/?disableDomainSharding=1&standalone=2&permalink_key=abc',
    );
  });

  it('finds the tabs to open, the anchor element and a chart anchor', () => {
    expect(tabsToOpen(layout, ['TAB-B', 'TAB-gone', 'CHART-x'])).toEqual([['TABS-1', 'TAB-B']]);
    expect(anchorSelector(layout, 'CHART-x')).toBe('.dashboard-chart[data-chart-id="12"]');
    expect(anchorSelector(layout, 'TAB-A')).toBe('[data-layout-id="TAB-A"]');
    expect(anchorSelector(layout, 'nope')).toBeNull();
    expect(chartAnchor(layout, 12)).toBe('CHART-x');
    expect(chartAnchor(layout, 99)).toBeUndefined();
  });
});

describe('the permalink an address names', () => {
  it('reads permalink_key, and nothing from an address without one', () => {
    expect(permalinkKeyOf('?standalone=1&permalink_key=abc')).toBe('abc');
    expect(permalinkKeyOf('?permalink_key=')).toBeNull();
    expect(permalinkKeyOf('')).toBeNull();
  });
});
