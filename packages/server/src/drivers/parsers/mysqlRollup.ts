import { asArray, asObject, isObject, type Json, type JsonObject, withoutKeys } from './json.ts';
import { LineColumnIndex } from './textPositions.ts';

/**
 * MySQL's and MariaDB's `GROUP BY … WITH ROLLUP`, which sqlparser-rs 0.62 (the newest release, and
 * the newest @guanmingchiu/sqlparser-ts) cannot read in its MySQL dialect; upstream enabled it after
 * that release (apache/datafusion-sqlparser-rs#2347). Until a release has it, it is read the way the
 * engines read it: their lexers turn `WITH` followed by `ROLLUP` into one token (WITH_ROLLUP_SYM)
 * that their grammars accept only right after a GROUP BY list, where it adds super-aggregate rows and
 * reads nothing more. The parser decides which pairs are that token:
 * - a pair where the parser stopped is blanked (same length, line breaks kept, so every position in
 *   the tree still points into the user's text) and the text read again; when the parser stops
 *   elsewhere (it reports a derived table's error where it backtracked), every `WITH ROLLUP` left in
 *   the text is blanked once;
 * - then the text with a marker column in place of each blanked pair must read as the same tree with
 *   the marker as the last item of a GROUP BY list, once per pair. A pair inside a string, a quoted
 *   name or a comment fails this (the string or name changes, or no list gains the marker).
 * Anything else is refused with the parser's own error.
 */

interface RawComment {
  content: string;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface RawParse {
  statements: Json[];
  comments: RawComment[];
}

/** `WITH`, blanks only (a comment between them is refused), `ROLLUP`, each a whole word. */
const ROLLUP_PAIR = /^WITH[ \t\r\n]+ROLLUP(?![0-9A-Za-z_$\u0080-\uffff])/i;
const ROLLUP_PAIRS = /(?<![0-9A-Za-z_$\u0080-\uffff])WITH[ \t\r\n]+ROLLUP(?![0-9A-Za-z_$\u0080-\uffff])/gi;
const MAX_PAIRS = 64;
const STOP = /at Line: (\d+), Column: (\d+)\s*$/;

/** Where sqlparser-rs stopped (its 1-based line and column of characters), as a string index. */
export function stopPosition(text: string, error: unknown): number | null {
  const match = STOP.exec(error instanceof Error ? error.message : String(error));
  return match ? new LineColumnIndex(text).offset(Number(match[1]), Number(match[2])) : null;
}

interface Pair {
  start: number;
  end: number;
}

const blank = (text: string, pair: Pair) =>
  text.slice(0, pair.start) +
  text.slice(pair.start, pair.end).replace(/[^\r\n]/g, ' ') +
  text.slice(pair.end);

/** The pairs the parser should read as the modifier after it failed on `text` with `error`, or null. */
function nextPairs(text: string, error: unknown, everyPairTried: boolean): Pair[] | null {
  const at = stopPosition(text, error);
  const pair = at === null ? null : ROLLUP_PAIR.exec(text.slice(at));
  if (at !== null && pair) return [{ start: at, end: at + pair[0].length }];
  if (everyPairTried) return null;
  const all = [...text.matchAll(ROLLUP_PAIRS)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  return all.length > 0 ? all : null;
}

/** Reads MySQL text with `read`, taking `WITH ROLLUP` pairs as the modifier where the parser agrees. */
export function readWithRollup(sql: string, read: (text: string) => RawParse): RawParse {
  let text = sql;
  const pairs: Pair[] = [];
  let everyPairTried = false;
  let firstError: unknown = null;
  for (;;) {
    let result: RawParse;
    try {
      result = read(text);
    } catch (error) {
      firstError ??= error;
      const next: Pair[] | null = pairs.length < MAX_PAIRS ? nextPairs(text, error, everyPairTried) : null;
      if (!next) throw firstError;
      everyPairTried ||= next.length > 1 || stopPosition(text, error) !== next[0]?.start;
      for (const pair of next) text = blank(text, pair);
      pairs.push(...next);
      continue;
    }
    if (pairs.length > 0 && !endsGroupByLists(sql, pairs, result, read)) throw firstError;
    return result;
  }
}

const SPANS = new Set(['span']);

function markerFor(sql: string): string {
  const lower = sql.toLowerCase();
  let n = 0;
  while (lower.includes(`vitrina_rollup_${n}`)) n++;
  return `vitrina_rollup_${n}`;
}

const isMarker = (item: Json, marker: string) => asObject(asObject(item)?.Identifier)?.value === marker;

/** The tree with the marker taken off the end of every GROUP BY list, and how many were taken. */
function withoutMarkers(node: Json, marker: string): { tree: Json; removed: number } {
  let removed = 0;
  const strip = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isObject(value)) return value;
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value)) copy[key] = strip(item);
    const expressions = asArray(asObject(copy.group_by)?.Expressions);
    const list = expressions[0];
    if (Array.isArray(list) && list.length > 1 && isMarker(list.at(-1) ?? null, marker)) {
      removed++;
      copy.group_by = { Expressions: [list.slice(0, -1), ...expressions.slice(1)] };
    }
    return copy;
  };
  return { tree: strip(node), removed };
}

/** Whether every blanked pair stands right after a GROUP BY list, and nowhere else changed the tree. */
function endsGroupByLists(sql: string, pairs: Pair[], blanked: RawParse, read: (text: string) => RawParse) {
  const marker = markerFor(sql);
  let marked = '';
  let from = 0;
  for (const pair of [...pairs].sort((a, b) => a.start - b.start)) {
    marked += `${sql.slice(from, pair.start)}, ${marker}`;
    from = pair.end;
  }
  marked += sql.slice(from);
  let statements: Json[];
  try {
    statements = read(marked).statements;
  } catch {
    return false;
  }
  const { tree, removed } = withoutMarkers(withoutKeys(statements, SPANS), marker);
  const found = JSON.stringify(tree);
  return (
    removed === pairs.length &&
    !found.includes(`"${marker}"`) &&
    found === JSON.stringify(withoutKeys(blanked.statements, SPANS))
  );
}
