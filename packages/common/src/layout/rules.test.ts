import { describe, expect, it } from 'vitest';
import { LAYOUT_MESSAGES } from './messages.ts';
import {
  canDrop,
  depthOf,
  effectiveChildType,
  isTopLevelTabs,
  isValidChild,
  isValidDrop,
  shouldWrapInRow,
} from './rules.ts';
import { buildLayout, chartMeta, gridLayout, tabsLayout } from './testLayouts.ts';

describe('drop rules', () => {
  it('follows Superset’s parent and child table', () => {
    expect(isValidChild('ROOT', 'TABS', 0)).toBe(true);
    expect(isValidChild('ROOT', 'ROW', 0)).toBe(false);
    expect(isValidChild('GRID', 'CHART', 1)).toBe(true);
    expect(isValidChild('GRID', 'TAB', 1)).toBe(false);
    expect(isValidChild('ROW', 'CHART', 4)).toBe(true);
    expect(isValidChild('ROW', 'CHART', 5)).toBe(false);
    expect(isValidChild('ROW', 'HEADER', 2)).toBe(false);
    expect(isValidChild('TABS', 'TAB', 3)).toBe(true);
    expect(isValidChild('TABS', 'ROW', 2)).toBe(false);
    expect(isValidChild('TAB', 'ROW', 3)).toBe(true);
    expect(isValidChild('TAB', 'ROW', 4)).toBe(false);
    expect(isValidChild('COLUMN', 'DIVIDER', 3)).toBe(true);
    expect(isValidChild('COLUMN', 'TABS', 5)).toBe(false);
    expect(isValidChild('CHART', 'CHART', 0)).toBe(false);
    expect(isValidChild('MARKDOWN', 'HEADER', 0)).toBe(false);
  });

  it('wraps charts, markdown and columns dropped into the grid or a tab in a row', () => {
    expect(shouldWrapInRow('GRID', 'CHART')).toBe(true);
    expect(shouldWrapInRow('TAB', 'COLUMN')).toBe(true);
    expect(shouldWrapInRow('TAB', 'MARKDOWN')).toBe(true);
    expect(shouldWrapInRow('GRID', 'HEADER')).toBe(false);
    expect(shouldWrapInRow('ROW', 'CHART')).toBe(false);
    expect(shouldWrapInRow('COLUMN', 'CHART')).toBe(false);
  });

  it('counts depth with tabs adding none below the top level', () => {
    const grid = gridLayout();
    expect(depthOf(grid, 'ROOT_ID')).toBe(0);
    expect(depthOf(grid, 'GRID_ID')).toBe(1);
    expect(depthOf(grid, 'ROW-1')).toBe(2);
    expect(depthOf(grid, 'COLUMN-1')).toBe(3);
    expect(depthOf(grid, 'ROW-3')).toBe(4);
    expect(depthOf(grid, 'CHART-3')).toBe(5);
    const tabs = tabsLayout();
    expect(depthOf(tabs, 'TABS-top')).toBe(1);
    expect(depthOf(tabs, 'TAB-a')).toBe(1);
    expect(depthOf(tabs, 'ROW-a')).toBe(2);
    expect(depthOf(tabs, 'TABS-in')).toBe(2);
    expect(depthOf(tabs, 'TAB-c')).toBe(2);
    expect(depthOf(tabs, 'ROW-c')).toBe(2);
    expect(depthOf(tabs, 'CHART-2')).toBe(3);
    const nestedInGrid = buildLayout([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['TABS-1']],
      ['TABS-1', 'TABS', ['TAB-1']],
      ['TAB-1', 'TAB', ['ROW-1']],
      ['ROW-1', 'ROW', []],
    ]);
    expect(depthOf(nestedInGrid, 'TABS-1')).toBe(2);
    expect(depthOf(nestedInGrid, 'TAB-1')).toBe(2);
    expect(depthOf(nestedInGrid, 'ROW-1')).toBe(2);
  });

  it('knows top-level tabs and what new tabs dropped on tabs become', () => {
    expect(isTopLevelTabs(tabsLayout(), 'TABS-top')).toBe(true);
    expect(isTopLevelTabs(tabsLayout(), 'TABS-in')).toBe(false);
    expect(isTopLevelTabs(tabsLayout(), undefined)).toBe(false);
    expect(effectiveChildType('TABS', { type: 'TABS' })).toBe('TAB');
    expect(effectiveChildType('TABS', { id: 'TABS-in', type: 'TABS' })).toBe('TABS');
    expect(effectiveChildType('GRID', { type: 'TABS' })).toBe('TABS');
  });

  it('allows drops by type and depth', () => {
    const grid = gridLayout();
    expect(isValidDrop(grid, { type: 'CHART' }, { parentId: 'GRID_ID', index: 0 })).toBe(true);
    expect(isValidDrop(grid, { type: 'CHART' }, { parentId: 'ROW-3', index: 0 })).toBe(true);
    expect(isValidDrop(grid, { type: 'ROW' }, { parentId: 'ROW-1', index: 0 })).toBe(false);
    expect(isValidDrop(grid, { type: 'TABS' }, { parentId: 'COLUMN-1', index: 0 })).toBe(true);
    expect(isValidDrop(grid, { type: 'CHART' }, { parentId: 'missing', index: 0 })).toBe(false);
    expect(isValidDrop(grid, { id: 'gone', type: 'CHART' }, { parentId: 'ROW-1', index: 0 })).toBe(false);
    expect(isValidDrop(grid, { id: 'ROOT_ID', type: 'ROOT' }, { parentId: 'ROW-1', index: 0 })).toBe(false);
    // A chart goes on a dashboard once; nothing lands in the detached grid under top-level tabs.
    expect(
      isValidDrop(grid, { type: 'CHART', meta: { chartId: 1 } }, { parentId: 'GRID_ID', index: 0 }),
    ).toBe(false);
    expect(
      isValidDrop(grid, { type: 'CHART', meta: { chartId: 9 } }, { parentId: 'GRID_ID', index: 0 }),
    ).toBe(true);
    expect(
      isValidDrop(tabsLayout(), { id: 'TABS-top', type: 'TABS' }, { parentId: 'GRID_ID', index: 0 }),
    ).toBe(false);
    expect(isValidDrop(tabsLayout(), { type: 'CHART' }, { parentId: 'GRID_ID', index: 0 })).toBe(false);
    // The stored type counts, whatever the drag says.
    expect(isValidDrop(grid, { id: 'ROW-1', type: 'CHART' }, { parentId: 'ROW-2', index: 0 })).toBe(false);
    // Nothing goes inside itself.
    expect(isValidDrop(grid, { id: 'COLUMN-1', type: 'COLUMN' }, { parentId: 'ROW-3', index: 0 })).toBe(
      false,
    );
    expect(isValidDrop(grid, { id: 'COLUMN-1', type: 'COLUMN' }, { parentId: 'COLUMN-1', index: 0 })).toBe(
      false,
    );
  });

  it('allows tabs on the root only while there are no top-level tabs', () => {
    expect(isValidDrop(gridLayout(), { type: 'TABS' }, { parentId: 'ROOT_ID', index: 0 })).toBe(true);
    expect(isValidDrop(gridLayout(), { type: 'ROW' }, { parentId: 'ROOT_ID', index: 0 })).toBe(false);
    expect(isValidDrop(tabsLayout(), { type: 'TABS' }, { parentId: 'ROOT_ID', index: 0 })).toBe(false);
    expect(
      isValidDrop(tabsLayout(), { id: 'TABS-in', type: 'TABS' }, { parentId: 'ROOT_ID', index: 0 }),
    ).toBe(false);
  });

  it('stops nesting containers past the depth limits', () => {
    const deep = buildLayout([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['COLUMN-1']],
      ['COLUMN-1', 'COLUMN', ['ROW-2'], { width: 12 }],
      ['ROW-2', 'ROW', ['COLUMN-2']],
      ['COLUMN-2', 'COLUMN', [], { width: 4 }],
    ]);
    expect(isValidDrop(deep, { type: 'CHART' }, { parentId: 'COLUMN-2', index: 0 })).toBe(true);
    expect(isValidDrop(deep, { type: 'ROW' }, { parentId: 'COLUMN-2', index: 0 })).toBe(false);
    expect(isValidDrop(deep, { type: 'TABS' }, { parentId: 'COLUMN-2', index: 0 })).toBe(false);
  });

  it('refuses with the spec’s messages', () => {
    const grid = gridLayout();
    expect(canDrop(grid, { type: 'CHART' }, { parentId: 'ROW-1', index: 2 })).toBeNull();
    expect(canDrop(grid, { type: 'ROW' }, { parentId: 'ROW-1', index: 0 })).toEqual(
      LAYOUT_MESSAGES.invalidDrop,
    );
    expect(canDrop(grid, { id: 'gone', type: 'CHART' }, { parentId: 'ROW-1', index: 0 })).toEqual(
      LAYOUT_MESSAGES.componentNotFound,
    );
    const full = buildLayout([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['CHART-1', 'CHART-2', 'CHART-3']],
      ['CHART-1', 'CHART', [], chartMeta(1)],
      ['CHART-2', 'CHART', [], chartMeta(2)],
      ['CHART-3', 'CHART', [], chartMeta(3)],
    ]);
    expect(canDrop(full, { type: 'CHART' }, { parentId: 'ROW-1', index: 0 })).toEqual({
      key: 'dashboardEdit.messages.notEnoughSpace',
      text: 'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
    });
    expect(canDrop(full, { id: 'CHART-1', type: 'CHART' }, { parentId: 'ROW-1', index: 2 })).toBeNull();
    const tabs = tabsLayout();
    expect(canDrop(tabs, { id: 'TAB-a', type: 'TAB' }, { parentId: 'TABS-in', index: 0 })).toEqual({
      key: 'dashboardEdit.messages.topLevelTabsIntoNested',
      text: 'Can not move top level tab into nested tabs',
    });
    expect(canDrop(tabs, { id: 'TAB-a', type: 'TAB' }, { parentId: 'TABS-top', index: 1 })).toBeNull();
    expect(canDrop(tabs, { id: 'TAB-c', type: 'TAB' }, { parentId: 'TABS-top', index: 0 })).toBeNull();
  });
});
