import { describe, expect, it } from 'vitest';
import {
  chartNode,
  DEFAULT_HEADER_TEXT,
  DEFAULT_MARKDOWN_CODE,
  DEFAULT_TAB_TEXT,
  newComponentNodes,
  newNode,
  newNodeId,
  withNodes,
} from './nodes.ts';
import { gridLayout } from './testLayouts.ts';

describe('new layout nodes', () => {
  it('makes ids of the type and ten random url-safe characters', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newNodeId('CHART')));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^CHART-[A-Za-z0-9_-]{10}$/);
  });

  it('gives each type Superset’s defaults', () => {
    expect(newNode('CHART').meta).toEqual({ width: 4, height: 50 });
    expect(newNode('MARKDOWN').meta).toEqual({ width: 4, height: 50, code: DEFAULT_MARKDOWN_CODE });
    expect(newNode('COLUMN').meta).toEqual({ width: 4, background: 'BACKGROUND_TRANSPARENT' });
    expect(newNode('HEADER').meta).toEqual({
      text: DEFAULT_HEADER_TEXT,
      headerSize: 'MEDIUM_HEADER',
      background: 'BACKGROUND_TRANSPARENT',
    });
    expect(newNode('ROW').meta).toEqual({ background: 'BACKGROUND_TRANSPARENT' });
    expect(newNode('TAB').meta).toEqual({ text: 'New tab', defaultText: 'New tab', placeholder: 'New tab' });
    expect(newNode('DIVIDER').meta).toEqual({});
    expect(newNode('TABS')).toMatchObject({ type: 'TABS', children: [], parents: [], meta: {} });
  });

  it('lets the caller override the defaults', () => {
    expect(newNode('HEADER', { text: 'Totals', headerSize: 'LARGE_HEADER' }).meta).toMatchObject({
      text: 'Totals',
      headerSize: 'LARGE_HEADER',
    });
    expect(chartNode(7, 'Orders', { uuid: 'u-7' })).toMatchObject({
      type: 'CHART',
      meta: { chartId: 7, sliceName: 'Orders', uuid: 'u-7', width: 4, height: 50 },
    });
  });

  it('gives new tabs their first tab', () => {
    const [tabs, tab, ...rest] = newComponentNodes('TABS');
    expect(rest).toEqual([]);
    expect(tabs?.children).toEqual([tab?.id]);
    expect(tab).toMatchObject({ type: 'TAB', meta: { text: DEFAULT_TAB_TEXT } });
    expect(newComponentNodes('DIVIDER')).toHaveLength(1);
  });

  it('adds nodes to a copy of the layout', () => {
    const layout = gridLayout();
    const node = newNode('DIVIDER');
    const next = withNodes(layout, [node]);
    expect(next[node.id]).toBe(node);
    expect(layout[node.id]).toBeUndefined();
  });
});
