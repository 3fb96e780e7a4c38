import { describe, expect, it } from 'vitest';
import { LAYOUT_NODE_TYPES } from '../types.ts';
import { LAYOUT_NODE_TYPE_DEFINITIONS, nodeTypeOf } from './registry.ts';

describe('layout node type registry', () => {
  it('defines every node type once', () => {
    expect(Object.keys(LAYOUT_NODE_TYPE_DEFINITIONS).sort()).toEqual([...LAYOUT_NODE_TYPES].sort());
  });

  it('names only known types as children, and wraps only children it accepts', () => {
    for (const type of LAYOUT_NODE_TYPES) {
      const definition = nodeTypeOf(type);
      for (const child of Object.keys(definition.acceptsChildren)) expect(LAYOUT_NODE_TYPES).toContain(child);
      for (const child of definition.wrapsInRow) expect(definition.acceptsChildren[child]).toBeDefined();
    }
  });

  it("keeps Superset's resizable components and self-removing containers", () => {
    const having = (fact: 'resizable' | 'droppedWhenEmpty') =>
      LAYOUT_NODE_TYPES.filter((type) => nodeTypeOf(type)[fact]);
    expect(having('resizable')).toEqual(['COLUMN', 'CHART', 'MARKDOWN', 'DYNAMIC']);
    expect(having('droppedWhenEmpty')).toEqual(['ROW', 'TABS']);
  });
});
