import { describe, expect, it } from 'vitest';
import { addChartToLayout, appendChartRows, CHARTS_PER_ROW, defaultContainerId } from './charts.ts';
import { buildLayout, gridLayout, tabsLayout } from './testLayouts.ts';
import { chartIdsOf, nodeOf } from './tree.ts';

describe('placing charts without a position', () => {
  it('fits three default-width charts to a row', () => {
    expect(CHARTS_PER_ROW).toBe(3);
  });

  it('uses the first top-level tab, else the grid, else whatever the root holds', () => {
    expect(defaultContainerId(gridLayout())).toBe('GRID_ID');
    expect(defaultContainerId(tabsLayout())).toBe('TAB-a');
    expect(
      defaultContainerId(
        buildLayout([
          ['ROOT_ID', 'ROOT', ['TABS-1']],
          ['TABS-1', 'TABS', []],
        ]),
      ),
    ).toBeUndefined();
    expect(
      defaultContainerId(
        buildLayout([
          ['ROOT_ID', 'ROOT', ['ROW-1']],
          ['ROW-1', 'ROW', []],
        ]),
      ),
    ).toBe('ROW-1');
    expect(defaultContainerId({})).toBeUndefined();
  });

  it('appends rows of charts with parents set', () => {
    const layout = appendChartRows(gridLayout(), 'GRID_ID', [
      { chartId: 7, sliceName: 'Seven' },
      { chartId: 8, sliceName: 'Eight', meta: { width: 6 } },
    ]);
    const rowId = nodeOf(layout, 'GRID_ID')!.children[3]!;
    const [first, second] = nodeOf(layout, rowId)!.children.map((id) => nodeOf(layout, id)!);
    expect(first?.meta).toEqual({ chartId: 7, sliceName: 'Seven', width: 4, height: 50 });
    expect(second?.meta.width).toBe(6);
    expect(first?.parents).toEqual(['ROOT_ID', 'GRID_ID', rowId]);
  });

  it('returns the same layout when there is nothing to add or nowhere to put it', () => {
    const layout = gridLayout();
    expect(appendChartRows(layout, 'GRID_ID', [])).toBe(layout);
    expect(appendChartRows(layout, 'missing', [{ chartId: 7, sliceName: 'x' }])).toBe(layout);
  });

  it('adds a chart once, in a row of its own', () => {
    const layout = gridLayout();
    const added = addChartToLayout(layout, 7, 'Seven', { uuid: 'u-7' });
    expect(chartIdsOf(added)).toEqual([1, 2, 3, 7]);
    expect(addChartToLayout(added, 7, 'Seven')).toBe(added);
    expect(addChartToLayout(layout, 1, 'Chart 1')).toBe(layout);
    const empty = {};
    expect(addChartToLayout(empty, 7, 'Seven')).toBe(empty);
  });
});
