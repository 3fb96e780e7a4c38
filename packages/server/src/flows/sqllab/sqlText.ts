/**
 * SQL Lab's row limit on a statement the engine's parser already split and classified as a read: a
 * tokenizer that knows strings, quoted identifiers, comments and dollar quotes finds the statement's
 * own LIMIT. It decides nothing about safety; the limited text is checked by the parser again before it
 * runs (sqllab/execute.ts), so a misreading can only fail the run, never widen it.
 */

export type TokenKind = 'word' | 'number' | 'string' | 'identifier' | 'comment' | 'space' | 'symbol';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  /** Parenthesis depth the token sits at (0: the statement's own level). */
  depth: number;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

/** The end of a quoted run starting at `start`, where a doubled quote (or a backslash in E'') escapes. */
function quotedEnd(sql: string, start: number, quote: string, backslash: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const char = sql[i];
    if (backslash && char === '\\') {
      i += 2;
      continue;
    }
    if (char === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  const push = (kind: TokenKind, end: number, tokenDepth = depth) => {
    tokens.push({ kind, text: sql.slice(i, end), start: i, end, depth: tokenDepth });
    i = end;
  };
  while (i < sql.length) {
    const char = sql[i] as string;
    const next = sql[i + 1];
    if (/\s/.test(char)) {
      let end = i + 1;
      while (end < sql.length && /\s/.test(sql[end] as string)) end++;
      push('space', end);
    } else if (char === '-' && next === '-') {
      const newline = sql.indexOf('\n', i);
      push('comment', newline < 0 ? sql.length : newline);
    } else if (char === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      push('comment', close < 0 ? sql.length : close + 2);
    } else if (char === "'") {
      push('string', quotedEnd(sql, i, "'", false));
    } else if (char === '"' || char === '`') {
      push('identifier', quotedEnd(sql, i, char, false));
    } else if (char === '$' && DOLLAR_TAG.test(sql.slice(i))) {
      const tag = (DOLLAR_TAG.exec(sql.slice(i)) as RegExpExecArray)[0];
      const close = sql.indexOf(tag, i + tag.length);
      push('string', close < 0 ? sql.length : close + tag.length);
    } else if (/[0-9]/.test(char) || (char === '.' && next !== undefined && /[0-9]/.test(next))) {
      let end = i + 1;
      while (end < sql.length && /[0-9.eE]/.test(sql[end] as string)) end++;
      push('number', end);
    } else if (WORD_START.test(char)) {
      let end = i + 1;
      while (end < sql.length && WORD_PART.test(sql[end] as string)) end++;
      // E'…' strings: the E belongs to the literal, and backslashes escape in it.
      if (end === i + 1 && /[eE]/.test(char) && sql[end] === "'")
        push('string', quotedEnd(sql, end, "'", true));
      else push('word', end);
    } else if (char === '(') {
      push('symbol', i + 1);
      depth++;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
      push('symbol', i + 1);
    } else {
      push('symbol', i + 1);
    }
  }
  return tokens;
}

const isCode = (token: Token) => token.kind !== 'space' && token.kind !== 'comment';

/** Removes comments before and after the code, keeping those inside it (engines accept them). */
export function stripOuterComments(statement: string): string {
  const code = tokenize(statement).filter(isCode);
  const first = code[0];
  const last = code.at(-1);
  return first && last ? statement.slice(first.start, last.end) : '';
}

/**
 * How SQL Lab runs a statement the parser classified (drivers/parsers): `select` takes the row limit,
 * `readOnly` runs as written (SHOW, DESCRIBE, EXPLAIN), `mutating` only where the database allows DML.
 */
export type StatementKind = 'select' | 'readOnly' | 'mutating';

const upper = (token: Token | undefined) => (token?.kind === 'word' ? token.text.toUpperCase() : '');

/** The LIMIT of the statement's own level (not of a subquery, a CTE or a string), as a number. */
export function topLevelLimit(statement: string): number | null {
  const found = findLimit(tokenize(statement).filter(isCode));
  return found?.kind === 'number' ? Number(found.count.text) : null;
}

type LimitClause =
  | { kind: 'number'; count: Token }
  | { kind: 'other' }
  | { kind: 'offsetOnly' }
  | { kind: 'none' };

function findLimit(code: Token[]): LimitClause | null {
  let found: LimitClause = { kind: 'none' };
  for (let i = 0; i < code.length; i++) {
    const token = code[i] as Token;
    if (token.depth !== 0) continue;
    const word = upper(token);
    if (word === 'LIMIT') {
      const first = code[i + 1];
      const second = code[i + 2];
      const third = code[i + 3];
      if (upper(code[i + 2]) === 'BY' || upper(code[i + 4]) === 'BY') continue; // ClickHouse LIMIT n BY
      if (first?.kind === 'number' && second?.text === ',' && third?.kind === 'number') {
        found = { kind: 'number', count: third }; // MySQL: LIMIT offset, count
      } else if (first?.kind === 'number' && /^\d+$/.test(first.text)) {
        found = { kind: 'number', count: first };
      } else {
        found = { kind: 'other' };
      }
    } else if ((word === 'FETCH' || word === 'TOP') && found.kind === 'none') {
      found = { kind: 'other' };
    } else if (word === 'OFFSET' && found.kind === 'none') {
      found = { kind: 'offsetOnly' };
    }
  }
  return found;
}

export interface LimitedStatement {
  sql: string;
  /** The LIMIT the author wrote on the statement's own level, when it is a plain number. */
  sqlLimit: number | null;
}

/**
 * The statement fetching at most `limit` rows: its own numeric LIMIT lowered to `limit` when it is
 * higher, a LIMIT appended when it has none, and the statement wrapped as a subquery when its own
 * limit is not a plain number (LIMIT ALL, OFFSET, FETCH FIRST…). Only `select` statements are limited.
 */
export function applyLimit(statement: string, limit: number): LimitedStatement {
  const text = stripOuterComments(statement);
  const code = tokenize(text).filter(isCode);
  const clause = findLimit(code);
  if (clause?.kind === 'number') {
    const sqlLimit = Number(clause.count.text);
    const sql = `${text.slice(0, clause.count.start)}${limit}${text.slice(clause.count.end)}`;
    return { sql, sqlLimit };
  }
  if (clause?.kind === 'none' && code[0]?.text !== '(') {
    // A trailing line comment would swallow an appended LIMIT; stripOuterComments removed those.
    return { sql: `${text}\nLIMIT ${limit}`, sqlLimit: null };
  }
  return { sql: `SELECT * FROM (\n${text}\n) AS inner_qry\nLIMIT ${limit}`, sqlLimit: null };
}
