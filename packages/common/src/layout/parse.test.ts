import { describe, expect, it } from 'vitest';
import { parseLayout, serializeLayout } from './parse.ts';
import { gridLayout, tabsLayout } from './testLayouts.ts';
import { chartIdsOf, nodeOf, nodesOfType } from './tree.ts';

const charts = (...ids: number[]) => ids.map((id) => ({ id, slice_name: `Chart ${id}` }));

describe('parseLayout', () => {
  it.each([null, undefined, '', '  ', '{not json', '[]', '"text"', '{}'])(
    'lays out the charts from scratch when position_json is %j',
    (positionJson) => {
      const layout = parseLayout(positionJson, charts(1, 2, 3, 4), { dashboardTitle: 'Sales' });
      const root = nodeOf(layout, 'ROOT_ID');
      expect(root?.children).toEqual(['GRID_ID']);
      const rows = nodeOf(layout, 'GRID_ID')!.children.map((id) => nodeOf(layout, id)!);
      expect(rows.map((row) => row.type)).toEqual(['ROW', 'ROW']);
      expect(rows.map((row) => row.children.length)).toEqual([3, 1]);
      expect(chartIdsOf(layout)).toEqual([1, 2, 3, 4]);
      const chart = nodeOf(layout, rows[1]!.children[0]);
      expect(chart?.meta).toEqual({ chartId: 4, sliceName: 'Chart 4', width: 4, height: 50 });
      expect(chart?.parents).toEqual(['ROOT_ID', 'GRID_ID', rows[1]!.id]);
      expect(nodeOf(layout, 'HEADER_ID')?.meta.text).toBe('Sales');
      expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
    },
  );

  it('gives an empty dashboard an empty grid and an untitled header', () => {
    const layout = parseLayout(null, []);
    expect(nodeOf(layout, 'GRID_ID')?.children).toEqual([]);
    expect(nodeOf(layout, 'HEADER_ID')?.meta.text).toBe('');
  });

  it('keeps a valid stored layout as it is', () => {
    const stored = gridLayout();
    const layout = parseLayout(JSON.stringify(stored), charts(1, 2, 3));
    expect(layout).toEqual(stored);
  });

  it('drops charts that are not on the dashboard and rows they leave empty, and takes names from the charts', () => {
    const layout = parseLayout(JSON.stringify(gridLayout()), [
      { id: 1, slice_name: 'Renamed' },
      { id: 2, slice_name: 'Chart 2' },
    ]);
    expect(chartIdsOf(layout)).toEqual([1, 2]);
    expect(nodeOf(layout, 'CHART-3')).toBeUndefined();
    expect(nodeOf(layout, 'ROW-3')).toBeUndefined();
    expect(nodeOf(layout, 'COLUMN-1')?.children).toEqual(['HEADER-1']);
    expect(nodeOf(layout, 'CHART-1')?.meta.sliceName).toBe('Renamed');
  });

  it('appends charts missing from the layout in new rows, keeping their uuid', () => {
    const layout = parseLayout(JSON.stringify(gridLayout()), [
      ...charts(1, 2, 3),
      { id: 9, slice_name: 'New', uuid: 'u-9' },
    ]);
    const grid = nodeOf(layout, 'GRID_ID')!;
    expect(grid.children.slice(0, 3)).toEqual(['ROW-1', 'ROW-2', 'DIVIDER-1']);
    const row = nodeOf(layout, grid.children[3]);
    expect(nodeOf(layout, row?.children[0])?.meta).toMatchObject({
      chartId: 9,
      sliceName: 'New',
      uuid: 'u-9',
    });
  });

  it('puts missing charts into the first top-level tab', () => {
    const layout = parseLayout(JSON.stringify(tabsLayout()), charts(1, 2, 5));
    const tab = nodeOf(layout, 'TAB-a')!;
    expect(tab.children).toHaveLength(2);
    expect(chartIdsOf(layout, 'TAB-a')).toEqual([1, 5]);
    expect(nodeOf(layout, 'GRID_ID')?.children).toEqual([]);
  });

  it('drops unknown node types, dangling and repeated children, a second node of one chart, and unreachable nodes', () => {
    const stored = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'IFRAME-1', 'ghost', 'ROW-1', 'ROW-2'] },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-x'], meta: {} },
      'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-1b'], meta: {} },
      'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1, width: 4, height: 50 } },
      'CHART-1b': { id: 'CHART-1b', type: 'CHART', children: [], meta: { chartId: 1, width: 4, height: 50 } },
      'CHART-x': { id: 'CHART-x', type: 'CHART', children: [], meta: { width: 4 } },
      'IFRAME-1': { id: 'IFRAME-1', type: 'IFRAME', children: [], meta: {} },
      'ROW-orphan': { id: 'ROW-orphan', type: 'ROW', children: [], meta: {} },
      'ROOT-2': { id: 'ROOT-2', type: 'ROOT', children: [] },
    };
    const layout = parseLayout(JSON.stringify(stored), charts(1));
    expect(nodeOf(layout, 'GRID_ID')?.children).toEqual(['ROW-1']);
    expect(nodeOf(layout, 'ROW-1')?.children).toEqual(['CHART-1']);
    for (const id of ['IFRAME-1', 'CHART-x', 'CHART-1b', 'ROW-2', 'ROW-orphan', 'ROOT-2']) {
      expect(layout[id]).toBeUndefined();
    }
  });

  it('falls back to the grid when the root holds something else or its tabs are empty', () => {
    const stored = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
      'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-gone'], meta: {} },
    };
    const layout = parseLayout(JSON.stringify(stored), charts(1));
    expect(nodeOf(layout, 'ROOT_ID')?.children).toEqual(['GRID_ID']);
    expect(chartIdsOf(layout)).toEqual([1]);
    const tabsWithEmptyTab = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
      'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-1'], meta: {} },
      'TAB-1': { id: 'TAB-1', type: 'TAB', children: [], meta: {} },
    };
    const kept = parseLayout(JSON.stringify(tabsWithEmptyTab), charts(1));
    expect(nodeOf(kept, 'ROOT_ID')?.children).toEqual(['TABS-1']);
    expect(chartIdsOf(kept, 'TAB-1')).toEqual([1]);
    const notContainer = parseLayout(
      JSON.stringify({
        ROOT_ID: { type: 'ROOT', children: ['ROW-1'] },
        'ROW-1': { type: 'ROW', children: [] },
      }),
      charts(1),
    );
    expect(nodeOf(notContainer, 'ROOT_ID')?.children).toEqual(['GRID_ID']);
    const noRoot = parseLayout(JSON.stringify({ GRID_ID: { type: 'GRID', children: [] } }), charts(1));
    expect(nodeOf(noRoot, 'ROOT_ID')?.children).toEqual(['GRID_ID']);
  });

  it('empties a grid left with content under top-level tabs', () => {
    const stored = tabsLayout();
    stored.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: ['ROW-old'], meta: {} };
    stored['ROW-old'] = { id: 'ROW-old', type: 'ROW', children: ['CHART-old'], meta: {} };
    stored['CHART-old'] = { id: 'CHART-old', type: 'CHART', children: [], meta: { chartId: 5 } };
    const layout = parseLayout(JSON.stringify(stored), charts(1, 2, 5));
    expect(nodeOf(layout, 'GRID_ID')?.children).toEqual([]);
    expect(layout['ROW-old']).toBeUndefined();
    expect(chartIdsOf(layout, 'TAB-a')).toEqual([1, 5]);
    expect(nodesOfType(layout, 'CHART')).toHaveLength(3);
  });

  it('upgrades v1 layouts on the way in', () => {
    const stored = {
      ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', children: ['ROW-1'] },
      'ROW-1': { type: 'ROW', children: ['CHART-1'] },
      'CHART-1': { type: 'CHART', children: [], meta: { chartId: '1', width: '6', height: '30' } },
    };
    const layout = parseLayout(JSON.stringify(stored), charts(1));
    expect(nodeOf(layout, 'CHART-1')?.meta).toMatchObject({ chartId: 1, width: 6, height: 30 });
    expect(nodesOfType(layout, 'ROW')).toHaveLength(1);
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
  });

  it("reads and keeps Superset's DYNAMIC components with their meta, through a save", () => {
    const stored = gridLayout();
    const row = nodesOfType(stored, 'ROW')[0]!;
    const dynamic = {
      id: 'DYNAMIC-1',
      type: 'DYNAMIC' as const,
      children: [],
      parents: [...(row.parents ?? []), row.id],
      meta: { width: 4, height: 50, componentKey: 'ext.widget', background: 'BACKGROUND_WHITE' },
    };
    const withDynamic = { ...stored, [row.id]: { ...row, children: [...row.children, 'DYNAMIC-1'] } };
    const layout = parseLayout(JSON.stringify({ ...withDynamic, 'DYNAMIC-1': dynamic }), charts(1, 2, 3));
    expect(nodeOf(layout, 'DYNAMIC-1')).toEqual(dynamic);
    expect(nodeOf(layout, row.id)?.children).toContain('DYNAMIC-1');
    expect(parseLayout(serializeLayout(layout), charts(1, 2, 3))).toEqual(layout);
  });

  it('serializes with the version key and reads back the same layout', () => {
    const layout = parseLayout(JSON.stringify(tabsLayout()), charts(1, 2));
    const { DASHBOARD_VERSION_KEY: _version, ...withoutVersion } = layout;
    const text = serializeLayout(withoutVersion);
    expect(JSON.parse(text).DASHBOARD_VERSION_KEY).toBe('v2');
    expect(parseLayout(text, charts(1, 2))).toEqual(layout);
  });
});
