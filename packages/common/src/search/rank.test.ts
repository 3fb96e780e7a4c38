import { describe, expect, it } from 'vitest';
import {
  bestMatch,
  compareRanked,
  fuzzyCandidate,
  groupByKind,
  matchTier,
  normalizeSearchText,
  prepareQuery,
  type Ranked,
  withinEditDistance,
} from './rank.ts';

describe('normalizeSearchText', () => {
  it('case-folds Latin and Cyrillic, reads ё as е and keeps й', () => {
    expect(normalizeSearchText('Продажи ЁЛКИ Йошкар')).toBe('продажи елки йошкар');
  });

  it('drops Latin diacritics, treats punctuation as spaces and collapses spaces', () => {
    expect(normalizeSearchText('  Café—Crème   brûlée_2024 ')).toBe('cafe creme brulee 2024');
  });
});

describe('withinEditDistance', () => {
  it('counts inserts, deletes, substitutions and swapped neighbours', () => {
    expect(withinEditDistance('sales', 'sales', 0)).toBe(true);
    expect(withinEditDistance('sals', 'sales', 1)).toBe(true);
    expect(withinEditDistance('slaes', 'sales', 1)).toBe(true);
    expect(withinEditDistance('salez', 'sales', 1)).toBe(true);
    expect(withinEditDistance('slzez', 'sales', 1)).toBe(false);
    expect(withinEditDistance('s', 'sales', 2)).toBe(false);
  });
});

describe('matchTier', () => {
  const tier = (query: string, text: string) => matchTier(prepareQuery(query), normalizeSearchText(text));

  it('orders exact, prefix, word, substring and fuzzy', () => {
    expect(tier('sales', 'Sales')).toBe('exact');
    expect(tier('sales', 'Sales by region')).toBe('prefix');
    expect(tier('region', 'Sales by region')).toBe('word');
    expect(tier('reg sal', 'Sales by region')).toBe('word');
    expect(tier('egio', 'Sales by region')).toBe('substring');
    expect(tier('regoin', 'Sales by region')).toBe('fuzzy');
    expect(tier('regi', 'Sales by rgion')).toBe('fuzzy');
    expect(tier('weather', 'Sales by region')).toBeUndefined();
  });

  it('matches Russian titles whatever the case and ё', () => {
    expect(tier('продажи', 'Продажи по регионам')).toBe('prefix');
    expect(tier('ёлки', 'Продажи ЕЛКИ')).toBe('word');
    expect(tier('регеонам', 'Продажи по регионам')).toBe('fuzzy');
  });

  it('tries the fuzzy tier only when asked and only on texts keeping enough of the query’s letter pairs', () => {
    const query = prepareQuery('regoin');
    expect(matchTier(query, 'sales by region', false)).toBeUndefined();
    expect(fuzzyCandidate(query, 'sales by region')).toBe(true);
    expect(fuzzyCandidate(query, 'weather')).toBe(false);
  });

  it('never matches fuzzily on three letters or fewer or on numbers, nor on an empty query', () => {
    expect(tier('2024', 'Sales 2025')).toBeUndefined();
    expect(tier('a', 'Sales')).toBeUndefined();
    expect(tier('s', 'Sales')).toBe('prefix');
    expect(tier('sx', 'Sales')).toBeUndefined();
    expect(tier('slx', 'Sales')).toBeUndefined();
    expect(tier('  ', 'Sales')).toBeUndefined();
  });
});

describe('bestMatch', () => {
  it('takes the best tier over the texts, and a title before other names on the same tier', () => {
    const query = prepareQuery('revenue');
    expect(
      bestMatch(query, [
        { text: normalizeSearchText('orders'), field: 'title' },
        { text: normalizeSearchText('Revenue'), field: 'name' },
        { text: normalizeSearchText('Revenue by month'), field: 'title' },
      ]),
    ).toEqual({ tier: 'exact', field: 'name' });
    expect(
      bestMatch(query, [
        { text: normalizeSearchText('revenue of the year'), field: 'description' },
        { text: normalizeSearchText('Revenue total'), field: 'title' },
      ]),
    ).toEqual({ tier: 'prefix', field: 'title' });
    expect(bestMatch(query, [{ text: 'orders', field: 'title' }])).toBeUndefined();
  });
});

describe('compareRanked and groupByKind', () => {
  const item = (kind: Ranked['kind'], tier: Ranked['tier'], changedOn: string, id: number) => ({
    kind,
    tier,
    field: 'title' as const,
    changedOn,
    id,
  });

  it('ranks by tier, then kind, then the most recent, and groups in the order of each group’s best', () => {
    const ranked = [
      item('chart', 'prefix', '2026-01-01', 1),
      item('dashboard', 'prefix', '2026-01-01', 2),
      item('dashboard', 'prefix', '2026-02-01', 3),
      item('dataset', 'exact', '2025-01-01', 4),
      item('chart', 'fuzzy', '2026-03-01', 5),
    ].sort(compareRanked);
    expect(ranked.map((entry) => entry.id)).toEqual([4, 3, 2, 1, 5]);
    expect(groupByKind(ranked).map((group) => [group.kind, group.items.map((entry) => entry.id)])).toEqual([
      ['dataset', [4]],
      ['dashboard', [3, 2]],
      ['chart', [1, 5]],
    ]);
  });
});
