import { describe, expect, it } from 'vitest';
// The app's catalogues: the areas' and every chart and filter type's own texts (from its folder).
import { appCatalogues as catalogues } from './appCatalogues.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted.key, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const enLeaves = leaves(catalogues.en as unknown as Tree);
const ruLeaves = leaves(catalogues.ru as unknown as Tree);

describe('message catalogues', () => {
  it('have the same keys in en and ru', () => {
    const enKeys = new Set(enLeaves.map(([key]) => key));
    const ruKeys = new Set(ruLeaves.map(([key]) => key));
    expect(
      [...enKeys].filter((key) => !ruKeys.has(key)),
      'missing in ru',
    ).toEqual([]);
    expect(
      [...ruKeys].filter((key) => !enKeys.has(key)),
      'missing in en',
    ).toEqual([]);
  });

  it('have a non-empty string for every key', () => {
    const empty = [...enLeaves, ...ruLeaves].filter(
      ([, value]) => typeof value !== 'string' || !value.trim(),
    );
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('use the same {{placeholders}} in both languages', () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const ruByKey = new Map(ruLeaves);
    const mismatched = enLeaves
      .filter(([key, value]) => placeholders(value).join() !== placeholders(ruByKey.get(key)).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
