import { describe, expect, it } from 'vitest';
import { appCatalogues } from './appCatalogues.ts';

/** Every string of a catalogue with its key path. */
function entries(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => entries(inner, path ? `${path}.${key}` : key));
}

/**
 * One Russian word per product term (issue 20, item 12): a chart is «график» everywhere — menus, edit
 * mode, messages — never «диаграмма». Chart type names and descriptions keep the kind of diagram they
 * are (круговая диаграмма, диаграмма Санкей).
 */
describe('the Russian glossary', () => {
  const typeTexts = /^(viz|nativeFilters)\.types\.[^.]+\.(name|description|errors\.cycle)$/;

  it('calls a chart «график» outside the names of chart types', () => {
    const offending = entries(appCatalogues.ru)
      .filter(([key]) => !typeTexts.test(key))
      .filter(([, text]) => /диаграмм/i.test(text));
    expect(offending).toEqual([]);
  });
});
