import { describe, expect, it } from 'vitest';
import { gridLayout, tabsLayout } from '../layout/testLayouts.ts';
import { chartsInScope, isChartInScope, scopeFromCheckedCharts, tabsInScope } from './scope.ts';

describe('chartsInScope', () => {
  it('takes every chart under the root, minus the excluded ones, in layout order', () => {
    expect(chartsInScope(gridLayout(), { rootPath: ['ROOT_ID'], excluded: [] })).toEqual([1, 2, 3]);
    expect(chartsInScope(gridLayout(), { rootPath: ['ROOT_ID'], excluded: [2] })).toEqual([1, 3]);
  });

  it('takes only the charts under the tabs of the root path', () => {
    expect(chartsInScope(tabsLayout(), { rootPath: ['TAB-a'], excluded: [] })).toEqual([1]);
    expect(chartsInScope(tabsLayout(), { rootPath: ['TAB-b'], excluded: [] })).toEqual([2]);
    expect(chartsInScope(tabsLayout(), { rootPath: ['TAB-c', 'TAB-a'], excluded: [] })).toEqual([1, 2]);
  });

  it('is empty for an empty root path or an unknown node', () => {
    expect(chartsInScope(tabsLayout(), { rootPath: [], excluded: [] })).toEqual([]);
    expect(chartsInScope(tabsLayout(), { rootPath: ['TAB-gone'], excluded: [] })).toEqual([]);
  });
});

describe('tabsInScope', () => {
  it('lists the tabs that hold a chart in scope', () => {
    expect(tabsInScope(tabsLayout(), { rootPath: ['ROOT_ID'], excluded: [] })).toEqual([
      'TAB-a',
      'TAB-b',
      'TAB-c',
    ]);
    expect(tabsInScope(tabsLayout(), { rootPath: ['ROOT_ID'], excluded: [1] })).toEqual(['TAB-b', 'TAB-c']);
    expect(tabsInScope(gridLayout(), { rootPath: ['ROOT_ID'], excluded: [] })).toEqual([]);
  });
});

describe('scopeFromCheckedCharts', () => {
  it('gives the whole dashboard when every chart is checked', () => {
    expect(scopeFromCheckedCharts(gridLayout(), [1, 2, 3])).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
    expect(scopeFromCheckedCharts(tabsLayout(), [1, 2])).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
  });

  it('excludes the unchecked charts under the root path', () => {
    expect(scopeFromCheckedCharts(gridLayout(), [1, 3])).toEqual({ rootPath: ['ROOT_ID'], excluded: [2] });
  });

  it('roots the scope at the tab holding the only checked chart', () => {
    expect(scopeFromCheckedCharts(tabsLayout(), [2])).toEqual({ rootPath: ['TAB-c'], excluded: [] });
    expect(scopeFromCheckedCharts(tabsLayout(), [1])).toEqual({ rootPath: ['TAB-a'], excluded: [] });
  });

  it('is empty when nothing is checked', () => {
    expect(scopeFromCheckedCharts(gridLayout(), [])).toEqual({ rootPath: [], excluded: [] });
  });

  it('round-trips through chartsInScope', () => {
    for (const checked of [[1], [2], [1, 2]]) {
      expect(chartsInScope(tabsLayout(), scopeFromCheckedCharts(tabsLayout(), checked))).toEqual(checked);
    }
    for (const checked of [[1], [3], [1, 2], [2, 3]]) {
      expect(chartsInScope(gridLayout(), scopeFromCheckedCharts(gridLayout(), checked))).toEqual(checked);
    }
  });
});

describe('isChartInScope', () => {
  it('answers for one chart, placing charts the layout lacks at the root', () => {
    const scope = { rootPath: ['TAB-a'], excluded: [] };
    expect(isChartInScope(tabsLayout(), scope, 1)).toBe(true);
    expect(isChartInScope(tabsLayout(), scope, 2)).toBe(false);
    expect(isChartInScope(tabsLayout(), scope, 99)).toBe(false);
    expect(isChartInScope(tabsLayout(), { rootPath: ['ROOT_ID'], excluded: [] }, 99)).toBe(true);
    expect(isChartInScope(tabsLayout(), { rootPath: ['ROOT_ID'], excluded: [99] }, 99)).toBe(false);
  });
});
