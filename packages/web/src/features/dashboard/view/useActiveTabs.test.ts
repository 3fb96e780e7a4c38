import { describe, expect, it } from 'vitest';
import { layoutOf } from './canvasTestHarness.tsx';
import { tabsShowing } from './useActiveTabs.ts';

describe('tabsShowing', () => {
  const layout = layoutOf([
    ['ROOT_ID', 'ROOT', ['TABS-1']],
    ['TABS-1', 'TABS', ['TAB-1', 'TAB-2']],
    ['TAB-1', 'TAB', []],
    ['TAB-2', 'TAB', ['TABS-2']],
    ['TABS-2', 'TABS', ['TAB-3', 'TAB-4']],
    ['TAB-3', 'TAB', []],
    ['TAB-4', 'TAB', ['ROW-1']],
    ['ROW-1', 'ROW', ['CHART-1']],
    ['CHART-1', 'CHART', [], { chartId: 1 }],
  ]);

  it('selects every tab on the way to a chart in nested tabs', () => {
    expect(tabsShowing(layout, 'CHART-1')).toEqual({ 'TABS-1': 'TAB-2', 'TABS-2': 'TAB-4' });
  });

  it('selects a tab named directly, and its outer tabs', () => {
    expect(tabsShowing(layout, 'TAB-3')).toEqual({ 'TABS-1': 'TAB-2', 'TABS-2': 'TAB-3' });
  });
});
