import { describe, expect, it } from 'vitest';
import { buildTree, walkTree } from './tree.ts';

describe('buildTree', () => {
  it('nests flat rows by level, sums values up and keeps first-seen order', () => {
    const rows = [
      { a: 'x', b: 'p', v: 3, s: 1 },
      { a: 'y', b: 'q', v: 2, s: 2 },
      { a: 'x', b: 'q', v: '4', s: 3 },
      { a: 'x', b: 'p', v: 1, s: null },
    ];
    const tree = buildTree(rows, {
      levels: [(row) => String(row.a), (row) => String(row.b)],
      value: (row) => row.v,
      secondaryValue: (row) => row.s,
    });
    expect(tree).toEqual([
      {
        name: 'x',
        path: ['x'],
        value: 8,
        secondaryValue: 4,
        children: [
          { name: 'p', path: ['x', 'p'], value: 4, secondaryValue: 1, children: [] },
          { name: 'q', path: ['x', 'q'], value: 4, secondaryValue: 3, children: [] },
        ],
      },
      {
        name: 'y',
        path: ['y'],
        value: 2,
        secondaryValue: 2,
        children: [{ name: 'q', path: ['y', 'q'], value: 2, secondaryValue: 2, children: [] }],
      },
    ]);
    const visited: string[] = [];
    walkTree(tree, (node, depth) => visited.push(`${depth}:${node.name}`));
    expect(visited).toEqual(['0:x', '1:p', '1:q', '0:y', '1:q']);
  });
});
