import { describe, expect, it } from 'vitest';
import { addChartToLayout, removeChartFromLayout } from './dashboardLayout.ts';

type Node = {
  id: string;
  type: string;
  children: string[];
  parents?: string[];
  meta?: Record<string, unknown>;
};

const grid = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-a'], parents: ['ROOT_ID'] },
  'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-a'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
  'CHART-a': {
    id: 'CHART-a',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'GRID_ID', 'ROW-a'],
    meta: { chartId: 1, width: 4, height: 50 },
  },
};

const tabs = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-x'] },
  'TABS-x': { id: 'TABS-x', type: 'TABS', children: ['TAB-1', 'TAB-2'], parents: ['ROOT_ID'] },
  'TAB-1': { id: 'TAB-1', type: 'TAB', children: [], parents: ['ROOT_ID', 'TABS-x'], meta: { text: 'One' } },
  'TAB-2': { id: 'TAB-2', type: 'TAB', children: [], parents: ['ROOT_ID', 'TABS-x'], meta: { text: 'Two' } },
};

const chart = { id: 7, uuid: 'u-7', sliceName: 'Orders' };
const parse = (text: string | null) => JSON.parse(text!) as Record<string, Node>;
const nodesOf = (layout: Record<string, Node>, type: string) =>
  Object.values(layout).filter((node) => node?.type === type);

describe('dashboard layout', () => {
  it('adds a chart in a new row at the end of the grid, 4 columns wide and 50 units high', () => {
    const layout = parse(addChartToLayout(JSON.stringify(grid), chart));
    const added = nodesOf(layout, 'CHART').find((node) => node.meta?.chartId === 7)!;
    expect(added.meta).toEqual({ chartId: 7, width: 4, height: 50, sliceName: 'Orders', uuid: 'u-7' });
    const rowId = added.parents!.at(-1)!;
    expect(layout.GRID_ID!.children).toEqual(['ROW-a', rowId]);
    expect(layout[rowId]).toMatchObject({
      type: 'ROW',
      children: [added.id],
      parents: ['ROOT_ID', 'GRID_ID'],
    });
    expect(added.parents).toEqual(['ROOT_ID', 'GRID_ID', rowId]);
    expect(added.id).toMatch(/^CHART-/);
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
  });

  it('adds to the first tab of a dashboard that starts with tabs', () => {
    const layout = parse(addChartToLayout(JSON.stringify(tabs), chart));
    const [row] = nodesOf(layout, 'ROW');
    expect(layout['TAB-1']!.children).toEqual([row!.id]);
    expect(layout['TAB-2']!.children).toEqual([]);
    expect(row!.parents).toEqual(['ROOT_ID', 'TABS-x', 'TAB-1']);
  });

  it('leaves a layout alone when the chart is already placed or there is no usable layout', () => {
    const text = JSON.stringify(grid);
    expect(addChartToLayout(text, { ...chart, id: 1 })).toBe(text);
    expect(addChartToLayout(null, chart)).toBeNull();
    expect(addChartToLayout('', chart)).toBe('');
    expect(addChartToLayout('{not json', chart)).toBe('{not json');
    expect(addChartToLayout('{}', chart)).toBe('{}');
  });

  it('removes a chart and the row it leaves empty', () => {
    const added = addChartToLayout(JSON.stringify(grid), chart);
    const layout = parse(removeChartFromLayout(added, 7));
    expect(layout).toEqual(grid);
    const withoutFirst = parse(removeChartFromLayout(JSON.stringify(grid), 1));
    expect(withoutFirst.GRID_ID!.children).toEqual([]);
    expect(withoutFirst['ROW-a']).toBeUndefined();
    expect(withoutFirst['CHART-a']).toBeUndefined();
    expect(removeChartFromLayout(JSON.stringify(grid), 99)).toBe(JSON.stringify(grid));
    expect(removeChartFromLayout(null, 1)).toBeNull();
  });

  it('upgrades an old layout while editing it', () => {
    const v1 = {
      ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', children: ['ROW-a'] },
      'ROW-a': { type: 'ROW', children: ['CHART-a'] },
      'CHART-a': { type: 'CHART', children: [], meta: { chartId: '1', width: '6', height: '50' } },
    };
    const layout = parse(addChartToLayout(JSON.stringify(v1), chart));
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
    expect(layout['CHART-a']!.meta).toEqual({ chartId: 1, width: 6, height: 50 });
    expect(layout['CHART-a']!.parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-a']);
    expect(nodesOf(layout, 'CHART')).toHaveLength(2);
    // Chart ids stored as text still match the chart being taken off.
    const removed = parse(removeChartFromLayout(JSON.stringify(v1), 1));
    expect(removed.GRID_ID!.children).toEqual([]);
  });

  it('removes a chart from inside tabs', () => {
    const withChart = addChartToLayout(JSON.stringify(tabs), chart);
    const layout = parse(removeChartFromLayout(withChart, 7));
    expect(layout['TAB-1']!.children).toEqual([]);
    expect(nodesOf(layout, 'ROW')).toEqual([]);
    expect(nodesOf(layout, 'CHART')).toEqual([]);
  });
});
