import { init, parseWithComments } from '@guanmingchiu/sqlparser-ts';
import type { EngineName } from '@vitrina/common/sql/engines';
import { isObject, type Json, walkJson, withoutKeys } from './json.ts';
import { type RawParse, readWithRollup, stopPosition } from './mysqlRollup.ts';
import { LineColumnIndex } from './textPositions.ts';
import { SqlParseError } from './types.ts';
import { unreadFileStatement } from './unreadFileStatements.ts';

/**
 * datafusion-sqlparser-rs (Apache DataFusion's SQL parser, compiled to WASM) reads one dialect's
 * tokens and grammar: quoting, backslash escapes, comment forms. It returns statements and the
 * comments it skipped, but no statement boundaries; split() finds them by trying each ';' the
 * parser did not read as part of a statement and keeping the piece only when the parser reads it
 * alone as exactly the statement it found in the whole text.
 */
export type SqlparserDialect = 'clickhouse' | 'mysql' | 'sqlite' | 'generic';

export interface RsParse {
  statements: Json[];
  comments: { start: number; end: number; content: string }[];
}

let ready: Promise<void> | null = null;

/** Loads the WASM module once, on first use. */
export function loadSqlparser(): Promise<void> {
  ready ??= init();
  return ready;
}

const read = (dialect: SqlparserDialect) => (sql: string) =>
  parseWithComments(sql, dialect) as unknown as RawParse;

export function parseRs(engine: EngineName, dialect: SqlparserDialect, sql: string): RsParse {
  let result: RawParse;
  try {
    result = dialect === 'mysql' ? readWithRollup(sql, read(dialect)) : read(dialect)(sql);
  } catch (error) {
    const at = stopPosition(sql, error);
    const fileStatement = at === null ? null : unreadFileStatement(sql, at);
    throw new SqlParseError(engine, (error as Error).message, fileStatement);
  }
  const index = new LineColumnIndex(sql);
  return {
    statements: result.statements,
    comments: result.comments.map((comment) => ({
      start: index.offset(comment.startLine, comment.startColumn),
      end: index.offset(comment.endLine, comment.endColumn),
      content: comment.content,
    })),
  };
}

const POSITION_KEYS = new Set(['span']);

const sameStatement = (a: Json, b: Json) =>
  JSON.stringify(withoutKeys(a, POSITION_KEYS)) === JSON.stringify(withoutKeys(b, POSITION_KEYS));

/** The furthest end of any span in a statement: its terminating ';' comes after it. */
function lastSpanEnd(node: Json, index: LineColumnIndex): number {
  let end = 0;
  walkJson(node, null, {
    object(value) {
      const span = value.span;
      if (isObject(span) && isObject(span.end)) {
        const { line, column } = span.end as { line: number; column: number };
        if (line > 0) end = Math.max(end, index.offset(line, column));
      }
      return false;
    },
  });
  return end;
}

export interface RsPiece {
  sql: string;
  statement: Json;
}

const MAX_CANDIDATES = 500;
/** Empty statements before a piece (`;;`) that the parser skipped. */
const LEADING_SEPARATORS = /^[\s;]+/;

/** The statements of a script with each one's own text, every piece confirmed by the parser. */
export function splitRs(engine: EngineName, dialect: SqlparserDialect, sql: string): RsPiece[] {
  const whole = parseRs(engine, dialect, sql);
  const index = new LineColumnIndex(sql);
  const inComment = (position: number) => whole.comments.some((c) => position >= c.start && position < c.end);
  const pieces: RsPiece[] = [];
  let start = 0;
  let tries = 0;
  for (const statement of whole.statements) {
    const candidates: number[] = [];
    for (let i = Math.max(start, lastSpanEnd(statement, index)); i < sql.length; i++) {
      if (sql[i] === ';' && !inComment(i)) candidates.push(i);
    }
    candidates.push(sql.length);
    const end = candidates.find((candidate) => {
      if (++tries > MAX_CANDIDATES) throw new SqlParseError(engine, 'The script has too many ";" to split');
      const piece = parseQuietly(engine, dialect, sql.slice(start, candidate));
      return piece?.length === 1 && sameStatement(piece[0] as Json, statement);
    });
    if (end === undefined)
      throw new SqlParseError(engine, 'The statements of the script cannot be told apart');
    pieces.push({ sql: sql.slice(start, end).replace(LEADING_SEPARATORS, '').trim(), statement });
    start = end + 1;
  }
  if (start < sql.length && parseRs(engine, dialect, sql.slice(start)).statements.length > 0) {
    throw new SqlParseError(engine, 'The statements of the script cannot be told apart');
  }
  return pieces;
}

function parseQuietly(engine: EngineName, dialect: SqlparserDialect, sql: string): Json[] | null {
  try {
    return parseRs(engine, dialect, sql).statements;
  } catch {
    return null;
  }
}
