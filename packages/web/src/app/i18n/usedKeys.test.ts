import { appCatalogues as catalogues } from '@vitrina/common/i18n/appCatalogues';
import { describe, expect, it } from 'vitest';

/** Every source file of the web app, as text (tests excluded). */
const sources = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Literal keys: t('a.b'), labelKey: 'a.b', messageKey: 'a.b' …, and column key prefixes. */
const KEY_PATTERNS = [/\bt\('([\w.]+)'/g, /\b\w+Key: '([\w.]+)'/g];

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues.en);
}

describe('i18n keys used by the web app', () => {
  const used = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const pattern of KEY_PATTERNS) for (const match of text.matchAll(pattern)) used.add(match[1]!);
    for (const match of text.matchAll(/columnTitles\(t, '([\w.]+)', (\w+)\)/g)) {
      const columns = text.match(new RegExp(`const ${match[2]} = \\[([^\\]]*)\\]`))?.[1] ?? '';
      for (const column of columns.matchAll(/'(\w+)'/g)) used.add(`${match[1]}.${column[1]}`);
    }
  }

  it('finds the keys', () => {
    expect(used.size).toBeGreaterThan(100);
  });

  it('are all in the catalogue', () => {
    expect([...used].filter((key) => typeof lookup(key) !== 'string').sort()).toEqual([]);
  });
});
