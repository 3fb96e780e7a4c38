import { describe, expect, it } from 'vitest';
import { valueAtPath } from './valueAtPath.ts';

describe('valueAtPath', () => {
  const tree = { viz: { types: { pie: { name: 'Pie Chart' } } }, count: 0 };

  it('walks a dotted path, and a one-part path', () => {
    expect(valueAtPath(tree, 'viz.types.pie.name')).toBe('Pie Chart');
    expect(valueAtPath(tree, 'count')).toBe(0);
  });

  it('is undefined where the path leaves the tree or names an inherited member', () => {
    expect(valueAtPath(tree, 'viz.types.bar.name')).toBeUndefined();
    expect(valueAtPath(tree, 'count.value')).toBeUndefined();
    expect(valueAtPath(tree, 'viz.constructor')).toBeUndefined();
  });
});
