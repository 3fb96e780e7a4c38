/**
 * The global search's ranking, pure: a query and an object's texts are normalised the same way
 * (case-folded, ё as е, Latin diacritics dropped, punctuation as spaces, spaces collapsed), then a text
 * matches in one of five tiers — the whole text, its start, the start of its words, anywhere, or within a
 * small edit distance of its words — and an object takes its best tier over its texts, titles before
 * other names before descriptions. Ties go by kind, then by the most recently changed.
 */

/** The kinds of object the search finds, in the order ties and groups go. */
export const SEARCH_KINDS = ['dashboard', 'chart', 'dataset', 'saved_query', 'database', 'tag'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How a text matched, best first. */
export const MATCH_TIERS = ['exact', 'prefix', 'word', 'substring', 'fuzzy'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** Which of an object's texts matched: its title (either language), another name (a column's, a metric's), its description. */
export const FIELD_CLASSES = ['title', 'name', 'description'] as const;
export type FieldClass = (typeof FIELD_CLASSES)[number];

/** The longest query the search takes, in characters. */
export const MAX_SEARCH_QUERY_LENGTH = 200;

/** Case-folded, ё→е, diacritics of Latin letters dropped (й kept), punctuation as spaces, spaces collapsed. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .normalize('NFD')
    .replace(/и\u0306/g, 'й')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a normalised text. */
export function searchWords(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}

/**
 * How many edits a query word may be from a word it fuzzily matches (0: none, it must be found as typed):
 * none below four letters, nor for a word with digits (a number with a slip is another number); one up to
 * seven letters, two from eight.
 */
export function fuzzyAllowance(word: string): number {
  if (word.length < 4 || /\p{N}/u.test(word)) return 0;
  return word.length < 8 ? 1 : 2;
}

/**
 * Whether `a` is within `max` edits (insert, delete, substitute, swap neighbours) of `b`; bounded, so it
 * stops as soon as every path costs more than `max`.
 */
export function withinEditDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return false;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]! <= max;
}

/** A normalised query, ready to match many texts. */
export interface PreparedQuery {
  text: string;
  words: string[];
  /** The words, those allowed no slip first. */
  fuzzyOrder: string[];
  /** Each word's allowed slips (fuzzyAllowance). */
  allowances: ReadonlyMap<string, number>;
}

export function prepareQuery(query: string): PreparedQuery {
  const text = normalizeSearchText(query);
  const words = searchWords(text);
  const allowances = new Map(words.map((word) => [word, fuzzyAllowance(word)]));
  const fuzzyOrder = [...words].sort((a, b) => allowances.get(a)! - allowances.get(b)!);
  return { text, words, fuzzyOrder, allowances };
}

function fuzzyWord(queryWord: string, allowance: number, words: readonly string[]): boolean {
  if (allowance === 0) return false;
  return words.some((word) => {
    if (withinEditDistance(queryWord, word, allowance)) return true;
    // A word typed half-way with a slip: compare with the word's starts of about the query's length.
    for (let length = queryWord.length - allowance; length <= queryWord.length + allowance; length++) {
      if (
        length >= 2 &&
        length < word.length &&
        withinEditDistance(queryWord, word.slice(0, length), allowance)
      ) {
        return true;
      }
    }
    return false;
  });
}

/**
 * Whether a text could match the query fuzzily at all: each query word allowed slips keeps at least (its
 * letter pairs − 3 × its allowed edits) of its letter pairs in the text, as an edit breaks at most two pairs
 * and a swap of neighbours three. A cheap filter that bounds the edit-distance work to the texts passing it.
 */
export function fuzzyCandidate(query: PreparedQuery, text: string): boolean {
  // Words that must be found as typed go first: they rule a text out the cheapest.
  return query.fuzzyOrder.every((word) => {
    if (text.includes(word)) return true;
    const allowance = query.allowances.get(word) ?? 0;
    if (allowance === 0) return false;
    const needed = Math.max(1, word.length - 1 - 3 * allowance);
    let kept = 0;
    for (let i = 0; i + 2 <= word.length; i++) {
      if (text.includes(word.slice(i, i + 2)) && ++kept >= needed) return true;
    }
    return false;
  });
}

/**
 * The tier in which a normalised text matches the query, or undefined when it does not; `fuzzy: false`
 * stops before the fuzzy tier (the caller tries it only on a bounded set of texts).
 */
export function matchTier(query: PreparedQuery, text: string, fuzzy = true): MatchTier | undefined {
  if (query.text === '' || text === '') return undefined;
  if (text === query.text) return 'exact';
  if (text.startsWith(query.text)) return 'prefix';
  // Every tier but the fuzzy one holds each query word somewhere: one native scan rules most texts out.
  if (query.words.every((queryWord) => text.includes(queryWord))) {
    if (query.words.every((queryWord) => startsAWord(text, queryWord))) return 'word';
    // A single letter inside a word says nothing: it finds by the start of words only.
    return query.text.length > 1 ? 'substring' : undefined;
  }
  if (!fuzzy || !fuzzyCandidate(query, text)) return undefined;
  const words = searchWords(text);
  if (
    query.words.every(
      (queryWord) =>
        text.includes(queryWord) || fuzzyWord(queryWord, query.allowances.get(queryWord) ?? 0, words),
    )
  ) {
    return 'fuzzy';
  }
  return undefined;
}

/** Whether `part` occurs in the normalised text at the start of a word. */
function startsAWord(text: string, part: string): boolean {
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + 1)) {
    if (at === 0 || text[at - 1] === ' ') return true;
  }
  return false;
}

/** One text of an object, normalised, and what kind of text it is. */
export interface SearchField {
  text: string;
  field: FieldClass;
}

export interface FieldMatch {
  tier: MatchTier;
  field: FieldClass;
}

/** An object's best match over its texts: the best tier, then the most important kind of text. */
export function bestMatch(
  query: PreparedQuery,
  fields: readonly SearchField[],
  fuzzy = true,
): FieldMatch | undefined {
  let best: FieldMatch | undefined;
  for (const { text, field } of fields) {
    const tier = matchTier(query, text, fuzzy);
    if (tier === undefined) continue;
    if (best === undefined || compareMatches({ tier, field }, best) < 0) best = { tier, field };
  }
  return best;
}

function compareMatches(a: FieldMatch, b: FieldMatch): number {
  return (
    MATCH_TIERS.indexOf(a.tier) - MATCH_TIERS.indexOf(b.tier) ||
    FIELD_CLASSES.indexOf(a.field) - FIELD_CLASSES.indexOf(b.field)
  );
}

/** What ranking needs of a found object. */
export interface Ranked extends FieldMatch {
  kind: SearchKind;
  /** ISO time of the last change; the more recent first on a tie. */
  changedOn: string;
}

/** Best first: tier, then the kind of text, then kind, then the most recently changed. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return (
    compareMatches(a, b) ||
    SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) ||
    (a.changedOn < b.changedOn ? 1 : a.changedOn > b.changedOn ? -1 : 0)
  );
}

/**
 * Found objects in groups by kind, the groups in the order of their best object (which keeps the best hit
 * on top), each group in rank order. `items` must already be ranked.
 */
export function groupByKind<T extends { kind: SearchKind }>(
  items: readonly T[],
): Array<{ kind: SearchKind; items: T[] }> {
  const groups = new Map<SearchKind, T[]>();
  for (const item of items) {
    const group = groups.get(item.kind);
    if (group) group.push(item);
    else groups.set(item.kind, [item]);
  }
  return [...groups].map(([kind, grouped]) => ({ kind, items: grouped }));
}
