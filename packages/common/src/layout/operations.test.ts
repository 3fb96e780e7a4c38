import { describe, expect, it } from 'vitest';
import { LAYOUT_MESSAGES } from './messages.ts';
import {
  type DropResult,
  deleteComponent,
  dropComponent,
  removeChartFromLayout,
  reorderChildren,
  resizeComponent,
  updateComponentMeta,
} from './operations.ts';
import { buildLayout, chartMeta, gridLayout, tabsLayout } from './testLayouts.ts';
import { chartIdsOf, nodeOf, nodesOfType } from './tree.ts';
import type { DashboardLayout } from './types.ts';

function dropped(result: DropResult): { layout: DashboardLayout; warnings: unknown[] } {
  if (!result.ok) throw new Error(`drop refused: ${result.message.text}`);
  return result;
}

const children = (layout: DashboardLayout, id: string) => nodeOf(layout, id)?.children;

describe('dropping new components', () => {
  it('wraps a new chart dropped into the grid in a new row', () => {
    const before = gridLayout();
    const { layout, warnings } = dropped(
      dropComponent(before, {
        dragging: { type: 'CHART', meta: { chartId: 9, sliceName: 'Nine' } },
        destination: { parentId: 'GRID_ID', index: 1 },
      }),
    );
    expect(warnings).toEqual([]);
    const rowId = children(layout, 'GRID_ID')![1]!;
    expect(nodeOf(layout, rowId)?.type).toBe('ROW');
    const chart = nodeOf(layout, children(layout, rowId)![0]);
    expect(chart?.meta).toEqual({ chartId: 9, sliceName: 'Nine', width: 4, height: 50 });
    expect(chart?.parents).toEqual(['ROOT_ID', 'GRID_ID', rowId]);
    // The layout it was given is unchanged.
    expect(children(before, 'GRID_ID')).toEqual(['ROW-1', 'ROW-2', 'DIVIDER-1']);
  });

  it('narrows a new chart to the room left in the row', () => {
    const { layout } = dropped(
      dropComponent(gridLayout(), {
        dragging: { type: 'CHART' },
        destination: { parentId: 'ROW-3', index: 1 },
      }),
    );
    const chart = nodeOf(layout, children(layout, 'ROW-3')![1]);
    expect(chart?.meta.width).toBe(2);
  });

  it('puts a header into a column as it is, and markdown into a tab inside a row', () => {
    const column = dropped(
      dropComponent(gridLayout(), {
        dragging: { type: 'HEADER' },
        destination: { parentId: 'COLUMN-1', index: 0 },
      }),
    ).layout;
    expect(nodeOf(column, children(column, 'COLUMN-1')![0])?.type).toBe('HEADER');
    const tab = dropped(
      dropComponent(tabsLayout(), {
        dragging: { type: 'MARKDOWN' },
        destination: { parentId: 'TAB-a', index: 0 },
      }),
    ).layout;
    const row = nodeOf(tab, children(tab, 'TAB-a')![0]);
    expect(row?.type).toBe('ROW');
    expect(nodeOf(tab, row?.children[0])?.type).toBe('MARKDOWN');
  });

  it('gives new tabs a first tab, and adds a tab when new tabs land on tabs', () => {
    const grid = dropped(
      dropComponent(gridLayout(), {
        dragging: { type: 'TABS' },
        destination: { parentId: 'GRID_ID', index: 3 },
      }),
    ).layout;
    const tabs = nodeOf(grid, children(grid, 'GRID_ID')![3])!;
    expect(tabs.type).toBe('TABS');
    expect(nodeOf(grid, tabs.children[0])?.type).toBe('TAB');
    const nested = dropped(
      dropComponent(tabsLayout(), {
        dragging: { type: 'TABS' },
        destination: { parentId: 'TABS-in', index: 1 },
      }),
    ).layout;
    const tabIds = children(nested, 'TABS-in')!;
    expect(tabIds).toHaveLength(3);
    expect(tabIds[0]).toBe('TAB-c');
    expect(nodeOf(nested, tabIds[1])).toMatchObject({
      type: 'TAB',
      children: [],
      parents: ['ROOT_ID', 'TABS-top', 'TAB-b', 'TABS-in'],
    });
    expect(nodesOfType(nested, 'TABS')).toHaveLength(2);
  });

  it('makes top-level tabs holding the dashboard when tabs are dropped on the root', () => {
    const { layout } = dropped(
      dropComponent(gridLayout(), {
        dragging: { type: 'TABS' },
        destination: { parentId: 'ROOT_ID', index: 0 },
      }),
    );
    const tabsId = children(layout, 'ROOT_ID')![0]!;
    const tab = nodeOf(layout, children(layout, tabsId)![0])!;
    expect(tab.children).toEqual(['ROW-1', 'ROW-2', 'DIVIDER-1']);
    expect(children(layout, 'GRID_ID')).toEqual([]);
    expect(nodeOf(layout, 'CHART-1')?.parents).toEqual(['ROOT_ID', tabsId, tab.id, 'ROW-1']);
  });

  it('refuses drops the rules do not allow', () => {
    const result = dropComponent(gridLayout(), {
      dragging: { type: 'ROW' },
      destination: { parentId: 'ROW-1', index: 0 },
    });
    expect(result).toEqual({ ok: false, message: LAYOUT_MESSAGES.invalidDrop });
  });
});

describe('moving components', () => {
  it('reorders within a parent, the index being the final position', () => {
    const { layout } = dropped(
      dropComponent(gridLayout(), {
        dragging: { id: 'CHART-2', type: 'CHART' },
        source: { parentId: 'ROW-1', index: 1 },
        destination: { parentId: 'ROW-1', index: 0 },
      }),
    );
    expect(children(layout, 'ROW-1')).toEqual(['CHART-2', 'CHART-1']);
    const last = dropped(
      dropComponent(gridLayout(), {
        dragging: { id: 'ROW-1', type: 'ROW' },
        destination: { parentId: 'GRID_ID', index: 2 },
      }),
    ).layout;
    expect(children(last, 'GRID_ID')).toEqual(['ROW-2', 'DIVIDER-1', 'ROW-1']);
  });

  it('returns the same layout for a drop where the component already is', () => {
    const layout = gridLayout();
    const result = dropComponent(layout, {
      dragging: { id: 'CHART-1', type: 'CHART' },
      destination: { parentId: 'ROW-1', index: 0 },
    });
    expect(result).toEqual({ ok: true, layout, warnings: [] });
    expect(dropped(result).layout).toBe(layout);
  });

  it('wraps a chart moved into the grid in a new row', () => {
    const { layout } = dropped(
      dropComponent(gridLayout(), {
        dragging: { id: 'CHART-1', type: 'CHART' },
        destination: { parentId: 'GRID_ID', index: 0 },
      }),
    );
    const rowId = children(layout, 'GRID_ID')![0]!;
    expect(children(layout, rowId)).toEqual(['CHART-1']);
    expect(children(layout, 'ROW-1')).toEqual(['CHART-2']);
    expect(nodeOf(layout, 'CHART-1')?.parents).toEqual(['ROOT_ID', 'GRID_ID', rowId]);
  });

  it('removes the row a moved chart leaves empty', () => {
    const { layout } = dropped(
      dropComponent(gridLayout(), {
        dragging: { id: 'CHART-3', type: 'CHART' },
        destination: { parentId: 'ROW-1', index: 2 },
      }),
    );
    expect(children(layout, 'ROW-1')).toEqual(['CHART-1', 'CHART-2', 'CHART-3']);
    expect(nodeOf(layout, 'ROW-3')).toBeUndefined();
    expect(children(layout, 'COLUMN-1')).toEqual(['HEADER-1']);
  });

  it('narrows a moved chart to the room in its new row and refuses when there is none', () => {
    const layout = buildLayout([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1', 'ROW-2']],
      ['ROW-1', 'ROW', ['CHART-1', 'CHART-2']],
      ['CHART-1', 'CHART', [], chartMeta(1, 6)],
      ['CHART-2', 'CHART', [], chartMeta(2, 4)],
      ['ROW-2', 'ROW', ['CHART-3']],
      ['CHART-3', 'CHART', [], chartMeta(3, 9)],
    ]);
    const moved = dropped(
      dropComponent(layout, {
        dragging: { id: 'CHART-2', type: 'CHART' },
        destination: { parentId: 'ROW-2', index: 0 },
      }),
    ).layout;
    expect(nodeOf(moved, 'CHART-2')?.meta.width).toBe(3);
    expect(children(moved, 'ROW-2')).toEqual(['CHART-2', 'CHART-3']);
    expect(
      dropComponent(moved, {
        dragging: { id: 'CHART-1', type: 'CHART' },
        destination: { parentId: 'ROW-2', index: 0 },
      }),
    ).toEqual({ ok: false, message: LAYOUT_MESSAGES.notEnoughSpace });
    const squeezed = dropped(
      dropComponent(layout, {
        dragging: { id: 'CHART-3', type: 'CHART' },
        destination: { parentId: 'ROW-1', index: 0 },
      }),
    ).layout;
    expect(nodeOf(squeezed, 'CHART-3')?.meta.width).toBe(2);
    expect(squeezed['ROW-2']).toBeUndefined();
  });

  it('warns when a chart moves to another tab, and only then', () => {
    const across = dropped(
      dropComponent(tabsLayout(), {
        dragging: { id: 'CHART-1', type: 'CHART' },
        destination: { parentId: 'ROW-c', index: 1 },
      }),
    );
    expect(across.warnings).toEqual([LAYOUT_MESSAGES.differentFilterScope]);
    expect(children(across.layout, 'ROW-c')).toEqual(['CHART-2', 'CHART-1']);
    expect(nodeOf(across.layout, 'ROW-a')).toBeUndefined();
    expect(children(across.layout, 'TAB-a')).toEqual([]);
    const withinTab = dropped(
      dropComponent(tabsLayout(), {
        dragging: { id: 'CHART-2', type: 'CHART' },
        destination: { parentId: 'TAB-c', index: 0 },
      }),
    );
    expect(withinTab.warnings).toEqual([]);
    const rowAcross = dropped(
      dropComponent(tabsLayout(), {
        dragging: { id: 'ROW-c', type: 'ROW' },
        destination: { parentId: 'TAB-d', index: 0 },
      }),
    );
    expect(rowAcross.warnings).toEqual([LAYOUT_MESSAGES.differentFilterScope]);
    const header = buildLayout([
      ['ROOT_ID', 'ROOT', ['TABS-1']],
      ['TABS-1', 'TABS', ['TAB-1', 'TAB-2']],
      ['TAB-1', 'TAB', ['HEADER-1']],
      ['TAB-2', 'TAB', []],
      ['HEADER-1', 'HEADER', [], { text: 'x' }],
    ]);
    const noCharts = dropped(
      dropComponent(header, {
        dragging: { id: 'HEADER-1', type: 'HEADER' },
        destination: { parentId: 'TAB-2', index: 0 },
      }),
    );
    expect(noCharts.warnings).toEqual([]);
  });

  it('moves nested tabs to the top level, and removes tabs whose last tab moved out', () => {
    const tabs = tabsLayout();
    const once = dropped(
      dropComponent(tabs, {
        dragging: { id: 'TAB-c', type: 'TAB' },
        destination: { parentId: 'TABS-top', index: 2 },
      }),
    ).layout;
    expect(children(once, 'TABS-top')).toEqual(['TAB-a', 'TAB-b', 'TAB-c']);
    expect(nodeOf(once, 'CHART-2')?.parents).toEqual(['ROOT_ID', 'TABS-top', 'TAB-c', 'ROW-c']);
    const twice = dropped(
      dropComponent(once, {
        dragging: { id: 'TAB-d', type: 'TAB' },
        destination: { parentId: 'TABS-top', index: 0 },
      }),
    ).layout;
    expect(children(twice, 'TABS-top')).toEqual(['TAB-d', 'TAB-a', 'TAB-b', 'TAB-c']);
    expect(nodeOf(twice, 'TABS-in')).toBeUndefined();
    expect(children(twice, 'TAB-b')).toEqual([]);
  });

  it('makes existing nested tabs the top-level tabs when dropped on the root', () => {
    const layout = buildLayout([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1', 'TABS-1']],
      ['ROW-1', 'ROW', ['CHART-1']],
      ['CHART-1', 'CHART', [], chartMeta(1)],
      ['TABS-1', 'TABS', ['TAB-1']],
      ['TAB-1', 'TAB', ['HEADER-1']],
      ['HEADER-1', 'HEADER', [], { text: 'x' }],
    ]);
    const { layout: next } = dropped(
      dropComponent(layout, {
        dragging: { id: 'TABS-1', type: 'TABS' },
        destination: { parentId: 'ROOT_ID', index: 0 },
      }),
    );
    expect(children(next, 'ROOT_ID')).toEqual(['TABS-1']);
    expect(children(next, 'TAB-1')).toEqual(['HEADER-1', 'ROW-1']);
    expect(children(next, 'GRID_ID')).toEqual([]);
    expect(nodeOf(next, 'CHART-1')?.parents).toEqual(['ROOT_ID', 'TABS-1', 'TAB-1', 'ROW-1']);
  });

  it('refuses to move a top-level tab into nested tabs', () => {
    expect(
      dropComponent(tabsLayout(), {
        dragging: { id: 'TAB-a', type: 'TAB' },
        destination: { parentId: 'TABS-in', index: 0 },
      }),
    ).toEqual({ ok: false, message: LAYOUT_MESSAGES.topLevelTabsIntoNested });
  });
});

describe('deleting components', () => {
  it('removes a component with everything inside it', () => {
    const layout = deleteComponent(gridLayout(), 'ROW-2');
    for (const id of ['ROW-2', 'COLUMN-1', 'ROW-3', 'CHART-3', 'HEADER-1'])
      expect(layout[id]).toBeUndefined();
    expect(children(layout, 'GRID_ID')).toEqual(['ROW-1', 'DIVIDER-1']);
    expect(chartIdsOf(layout)).toEqual([1, 2]);
  });

  it('removes a row when its last child goes', () => {
    const kept = deleteComponent(gridLayout(), 'CHART-1');
    expect(children(kept, 'ROW-1')).toEqual(['CHART-2']);
    const gone = deleteComponent(gridLayout(), 'CHART-3');
    expect(gone['ROW-3']).toBeUndefined();
    expect(children(gone, 'COLUMN-1')).toEqual(['HEADER-1']);
  });

  it('removes nested tabs with their last tab', () => {
    const one = deleteComponent(tabsLayout(), 'TAB-d');
    expect(children(one, 'TABS-in')).toEqual(['TAB-c']);
    const both = deleteComponent(one, 'TAB-c');
    expect(both['TABS-in']).toBeUndefined();
    expect(both['CHART-2']).toBeUndefined();
    expect(children(both, 'TAB-b')).toEqual([]);
  });

  it('moves the content of all top-level tabs to the grid when they are removed', () => {
    const layout = deleteComponent(tabsLayout(), 'TABS-top');
    expect(children(layout, 'ROOT_ID')).toEqual(['GRID_ID']);
    expect(children(layout, 'GRID_ID')).toEqual(['ROW-a', 'TABS-in']);
    for (const id of ['TABS-top', 'TAB-a', 'TAB-b']) expect(layout[id]).toBeUndefined();
    expect(nodeOf(layout, 'CHART-2')?.parents).toEqual(['ROOT_ID', 'GRID_ID', 'TABS-in', 'TAB-c', 'ROW-c']);
  });

  it('falls back to the grid when the last top-level tab is removed', () => {
    const single = buildLayout([
      ['ROOT_ID', 'ROOT', ['TABS-1']],
      ['TABS-1', 'TABS', ['TAB-1']],
      ['TAB-1', 'TAB', ['ROW-1']],
      ['ROW-1', 'ROW', ['CHART-1']],
      ['CHART-1', 'CHART', [], chartMeta(1)],
    ]);
    const layout = deleteComponent(single, 'TAB-1');
    expect(children(layout, 'ROOT_ID')).toEqual(['GRID_ID']);
    expect(children(layout, 'GRID_ID')).toEqual([]);
    expect(chartIdsOf(layout)).toEqual([]);
  });

  it('deletes and refuses to move a node that hangs nowhere in the tree', () => {
    const layout = {
      ...gridLayout(),
      'ROW-loose': { id: 'ROW-loose', type: 'ROW' as const, children: [], meta: {} },
    };
    expect(deleteComponent(layout, 'ROW-loose')['ROW-loose']).toBeUndefined();
    expect(
      dropComponent(layout, {
        dragging: { id: 'ROW-loose', type: 'ROW' },
        destination: { parentId: 'GRID_ID', index: 0 },
      }),
    ).toEqual({ ok: false, message: LAYOUT_MESSAGES.componentNotFound });
  });

  it('keeps the root, grid and header, and ignores unknown ids', () => {
    const layout = gridLayout();
    for (const id of ['ROOT_ID', 'GRID_ID', 'HEADER_ID', 'missing'])
      expect(deleteComponent(layout, id)).toBe(layout);
  });

  it('takes a chart off the layout wherever it is placed', () => {
    const layout = removeChartFromLayout(gridLayout(), 3);
    expect(chartIdsOf(layout)).toEqual([1, 2]);
    expect(layout['ROW-3']).toBeUndefined();
    const same = gridLayout();
    expect(removeChartFromLayout(same, 99)).toBe(same);
  });
});

describe('meta, size and order', () => {
  it('merges a meta patch into one component', () => {
    const before = gridLayout();
    const layout = updateComponentMeta(before, 'HEADER-1', { text: 'Totals' });
    expect(nodeOf(layout, 'HEADER-1')?.meta).toEqual({ text: 'Totals', headerSize: 'SMALL_HEADER' });
    expect(nodeOf(before, 'HEADER-1')?.meta.text).toBe('Notes');
    expect(updateComponentMeta(before, 'missing', { text: 'x' })).toBe(before);
  });

  it('clamps sizes to the room in the row and the row unit limits', () => {
    const layout = gridLayout();
    expect(nodeOf(resizeComponent(layout, 'CHART-1', { width: 20 }), 'CHART-1')?.meta.width).toBe(8);
    expect(nodeOf(resizeComponent(layout, 'CHART-1', { width: 0 }), 'CHART-1')?.meta.width).toBe(1);
    expect(nodeOf(resizeComponent(layout, 'CHART-1', { width: 5.6 }), 'CHART-1')?.meta.width).toBe(6);
    expect(nodeOf(resizeComponent(layout, 'CHART-1', { height: 2 }), 'CHART-1')?.meta.height).toBe(5);
    expect(nodeOf(resizeComponent(layout, 'CHART-1', { height: 500 }), 'CHART-1')?.meta.height).toBe(100);
    expect(nodeOf(resizeComponent(layout, 'COLUMN-1', { width: 2, height: 30 }), 'COLUMN-1')?.meta).toEqual({
      width: 4,
    });
  });

  it('leaves the layout alone for components without a size or sizes that do not change', () => {
    const layout = gridLayout();
    expect(resizeComponent(layout, 'ROW-1', { width: 6 })).toBe(layout);
    expect(resizeComponent(layout, 'missing', { width: 6 })).toBe(layout);
    expect(resizeComponent(layout, 'CHART-1', { width: 4, height: 50 })).toBe(layout);
    expect(resizeComponent(layout, 'CHART-1', { width: Number.NaN })).toBe(layout);
  });

  it('reorders a parent’s children', () => {
    const layout = gridLayout();
    expect(children(reorderChildren(layout, 'GRID_ID', 2, 0), 'GRID_ID')).toEqual([
      'DIVIDER-1',
      'ROW-1',
      'ROW-2',
    ]);
    expect(children(reorderChildren(layout, 'GRID_ID', 0, 99), 'GRID_ID')).toEqual([
      'ROW-2',
      'DIVIDER-1',
      'ROW-1',
    ]);
    expect(reorderChildren(layout, 'GRID_ID', 5, 0)).toBe(layout);
    expect(reorderChildren(layout, 'missing', 0, 1)).toBe(layout);
  });
});
