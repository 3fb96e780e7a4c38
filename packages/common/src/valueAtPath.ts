/**
 * The value at a dotted path (`viz.types.pie.name`) in nested plain objects: own properties only, so a
 * path never reaches `constructor` or other inherited members; undefined where the path leaves the tree.
 */
export function valueAtPath(tree: unknown, path: string): unknown {
  let value = tree;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
