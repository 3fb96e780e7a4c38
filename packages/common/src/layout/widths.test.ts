import { describe, expect, it } from 'vitest';
import { buildLayout, chartMeta, gridLayout } from './testLayouts.ts';
import { nodeOf } from './tree.ts';
import {
  capacityOf,
  containerWidth,
  draggedNode,
  isResizable,
  minimumWidth,
  occupiedWidth,
  resizeBounds,
  widthFromDrop,
} from './widths.ts';

const fullRow = () =>
  buildLayout([
    ['ROOT_ID', 'ROOT', ['GRID_ID']],
    ['GRID_ID', 'GRID', ['ROW-full', 'ROW-1']],
    ['ROW-full', 'ROW', ['CHART-a', 'CHART-b', 'CHART-c']],
    ['CHART-a', 'CHART', [], chartMeta(1)],
    ['CHART-b', 'CHART', [], chartMeta(2)],
    ['CHART-c', 'CHART', [], chartMeta(3)],
    ['ROW-1', 'ROW', ['CHART-d', 'COLUMN-wide']],
    ['CHART-d', 'CHART', [], chartMeta(4, 3)],
    ['COLUMN-wide', 'COLUMN', ['ROW-in'], { width: 9 }],
    ['ROW-in', 'ROW', ['CHART-e'], {}],
    ['CHART-e', 'CHART', [], chartMeta(5, 7)],
  ]);

describe('layout widths', () => {
  it('knows which components the author resizes', () => {
    const layout = gridLayout();
    expect(isResizable(nodeOf(layout, 'CHART-1'))).toBe(true);
    expect(isResizable(nodeOf(layout, 'COLUMN-1'))).toBe(true);
    expect(isResizable(nodeOf(layout, 'ROW-1'))).toBe(false);
    expect(isResizable(undefined)).toBe(false);
  });

  it('adds up what a row holds', () => {
    const layout = gridLayout();
    expect(occupiedWidth(layout, 'ROW-1')).toBe(8);
    expect(occupiedWidth(layout, 'ROW-1', 'CHART-1')).toBe(4);
    expect(occupiedWidth(layout, 'HEADER-1')).toBe(0);
    expect(occupiedWidth(layout, 'missing')).toBe(0);
  });

  it('finds the width a container offers: the nearest column or the whole grid', () => {
    const layout = gridLayout();
    expect(containerWidth(layout, 'ROW-1')).toBe(12);
    expect(containerWidth(layout, 'ROW-3')).toBe(6);
    expect(containerWidth(layout, 'COLUMN-1')).toBe(6);
    const noWidth = buildLayout([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1']],
      ['ROW-1', 'ROW', ['COLUMN-1']],
      ['COLUMN-1', 'COLUMN', []],
    ]);
    expect(containerWidth(noWidth, 'COLUMN-1')).toBe(12);
  });

  it('keeps a column as wide as its widest row and a row as wide as its charts', () => {
    const layout = gridLayout();
    expect(minimumWidth(layout, nodeOf(layout, 'COLUMN-1')!)).toBe(4);
    expect(minimumWidth(layout, nodeOf(layout, 'ROW-1')!)).toBe(8);
    expect(minimumWidth(layout, nodeOf(layout, 'CHART-1')!)).toBe(1);
    expect(minimumWidth(fullRow(), nodeOf(fullRow(), 'COLUMN-wide')!)).toBe(7);
  });

  it('counts the room left in a destination', () => {
    const layout = gridLayout();
    expect(capacityOf(layout, 'ROW-1')).toBe(4);
    expect(capacityOf(layout, 'ROW-1', 'CHART-1')).toBe(8);
    expect(capacityOf(layout, 'ROW-3')).toBe(2);
    expect(capacityOf(layout, 'GRID_ID')).toBe(12);
    expect(capacityOf(layout, 'COLUMN-1')).toBe(6);
  });

  it('gives a dropped component its width, the room left, or -1 when it does not fit', () => {
    const layout = gridLayout();
    const chart3 = nodeOf(layout, 'CHART-3')!;
    expect(widthFromDrop(layout, chart3, 'ROW-3', 'ROW-1')).toBe(4);
    expect(widthFromDrop(layout, draggedNode(layout, { type: 'CHART' })!, undefined, 'ROW-3')).toBe(2);
    expect(widthFromDrop(layout, chart3, 'ROW-3', 'ROW-3')).toBe(4);
    const full = fullRow();
    expect(widthFromDrop(full, nodeOf(full, 'CHART-d')!, 'ROW-1', 'ROW-full')).toBe(-1);
    // A column squeezes down to its widest row, not further.
    expect(widthFromDrop(layout, nodeOf(full, 'COLUMN-wide')!, 'ROW-1', 'ROW-1')).toBe(9);
    expect(widthFromDrop(full, nodeOf(full, 'COLUMN-wide')!, 'ROW-1', 'ROW-full')).toBe(-1);
    const wideColumn = { ...nodeOf(full, 'COLUMN-wide')!, id: 'COLUMN-x', children: [] };
    expect(widthFromDrop(layout, wideColumn, undefined, 'ROW-1')).toBe(4);
    // A row has no width of its own but must fit where it goes.
    expect(widthFromDrop(layout, nodeOf(layout, 'ROW-1')!, 'GRID_ID', 'COLUMN-1')).toBe(-1);
    expect(widthFromDrop(layout, nodeOf(layout, 'ROW-3')!, 'COLUMN-1', 'GRID_ID')).toBe(4);
    expect(widthFromDrop(layout, nodeOf(layout, 'DIVIDER-1')!, 'GRID_ID', 'COLUMN-1')).toBeUndefined();
  });

  it('bounds resizing by the space the parent leaves', () => {
    const layout = gridLayout();
    expect(resizeBounds(layout, 'CHART-1')).toEqual({ min: 1, max: 8 });
    expect(resizeBounds(layout, 'CHART-3')).toEqual({ min: 1, max: 6 });
    expect(resizeBounds(layout, 'COLUMN-1')).toEqual({ min: 4, max: 12 });
    expect(resizeBounds(layout, 'missing')).toEqual({ min: 1, max: 12 });
    const full = fullRow();
    expect(resizeBounds(full, 'COLUMN-wide')).toEqual({ min: 7, max: 9 });
  });

  it('describes the dragged component, stored or new', () => {
    const layout = gridLayout();
    expect(draggedNode(layout, { id: 'CHART-1', type: 'CHART' })).toBe(layout['CHART-1']);
    expect(draggedNode(layout, { id: 'gone', type: 'CHART' })).toBeUndefined();
    expect(draggedNode(layout, { type: 'MARKDOWN', meta: { width: 6 } })?.meta.width).toBe(6);
  });
});
