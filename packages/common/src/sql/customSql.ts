/**
 * Custom SQL from users (adhoc metrics and columns, extras.where / having) is pasted into the
 * compiled query, so it must be one expression or predicate and nothing more. A small tokenizer reads
 * it outside string literals and quoted names and refuses:
 *   - semicolons (a second statement);
 *   - comments of any kind (`--`, `/* *\/`, MySQL's `#`): refused rather than stripped, because a
 *     comment can swallow the parenthesis the compiler wraps around the clause, and stripping would
 *     silently change what the user wrote;
 *   - unbalanced parentheses (`1) OR (1 = 1` escapes the wrapping parentheses);
 *   - unterminated quotes;
 *   - sub-queries (SELECT, or TABLE x) unless allowed (Superset's ALLOW_ADHOC_SUBQUERY);
 *   - statement keywords (DROP, DELETE, INSERT…) that are not function calls;
 *   - parameter placeholders (`?`, `$1`): they would take the compiler's bound filter values.
 * Engines disagree on quoting: backslash escapes (MySQL, ClickHouse) and dollar quotes (PostgreSQL,
 * DuckDB) exist in some and not in others. The text is read under every combination and must pass
 * each, so no engine can see a statement boundary that the check did not.
 */
import { QueryValidationError } from '../query/errors.ts';

export type CustomSqlErrorType = 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR' | 'INVALID_SQL_ERROR';

export type CustomSqlReason =
  | 'empty'
  | 'semicolon'
  | 'comment'
  | 'unbalanced_parentheses'
  | 'unterminated_quote'
  | 'subquery'
  | 'statement'
  | 'parameter';

/** Custom SQL that is not a single expression or predicate. */
export class CustomSqlError extends QueryValidationError {
  readonly errorType: CustomSqlErrorType;

  constructor(
    readonly reason: CustomSqlReason,
    message: string,
    field: string,
  ) {
    super(message, field);
    this.name = 'CustomSqlError';
    this.errorType = reason === 'subquery' ? 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR' : 'INVALID_SQL_ERROR';
  }
}

export interface CustomSqlOptions {
  /** Where the SQL came from, for the error (`metrics[0].sqlExpression`, `extras.where`). */
  field?: string;
  /** Superset's ALLOW_ADHOC_SUBQUERY; off by default. */
  allowSubqueries?: boolean;
}

interface Reading {
  /** `\` escapes the next character inside quotes (MySQL, ClickHouse). */
  backslashEscapes: boolean;
  /** `$tag$ … $tag$` is a string (PostgreSQL, DuckDB). */
  dollarQuotes: boolean;
}

const READINGS: Reading[] = [
  { backslashEscapes: false, dollarQuotes: false },
  { backslashEscapes: true, dollarQuotes: false },
  { backslashEscapes: false, dollarQuotes: true },
  { backslashEscapes: true, dollarQuotes: true },
];

/** Keywords that start a statement; refused unless followed by `(` (REPLACE(), INSERT() are functions). */
const STATEMENT_KEYWORDS = new Set([
  'ALTER',
  'ANALYZE',
  'ATTACH',
  'CALL',
  'COMMIT',
  'COPY',
  'CREATE',
  'DEALLOCATE',
  'DELETE',
  'DETACH',
  'DO',
  'DROP',
  'EXCEPT',
  'EXEC',
  'EXECUTE',
  'EXPORT',
  'GRANT',
  'HANDLER',
  'IMPORT',
  'INSERT',
  'INSTALL',
  'INTERSECT',
  'INTO',
  'KILL',
  'LOAD',
  'LOCK',
  'MERGE',
  'OPTIMIZE',
  'PRAGMA',
  'PREPARE',
  'RENAME',
  'REPLACE',
  'REVOKE',
  'ROLLBACK',
  'SAVEPOINT',
  'SHUTDOWN',
  'SYSTEM',
  'TRUNCATE',
  'UNION',
  'UNLOCK',
  'UPDATE',
  'VACUUM',
]);

/** Keywords that make a sub-query: SELECT, and `TABLE name` (PostgreSQL and MySQL's short form). */
const SUBQUERY_KEYWORDS = new Set(['SELECT', 'TABLE']);

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

class Refusal {
  constructor(
    readonly reason: CustomSqlReason,
    readonly message: string,
  ) {}
}

/** Index just past the quoted text starting at `start` (the opening quote), or -1 when unterminated. */
function skipQuoted(sql: string, start: number, quote: string, reading: Reading): number {
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (reading.backslashEscapes && ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === quote) {
      if (sql[i + 1] === quote) {
        i += 2; // doubled quote: part of the text
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return -1;
}

const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;

function read(sql: string, reading: Reading, allowSubqueries: boolean): Refusal | null {
  let depth = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] ?? '';
    const next = sql[i + 1] ?? '';
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = skipQuoted(sql, i, ch, reading);
      if (end < 0) return new Refusal('unterminated_quote', `Custom SQL has an unterminated ${ch} quote`);
      i = end;
      continue;
    }
    if (ch === '$' && reading.dollarQuotes) {
      DOLLAR_TAG.lastIndex = i;
      const tag = DOLLAR_TAG.exec(sql);
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        if (close < 0) return new Refusal('unterminated_quote', 'Custom SQL has an unterminated $$ quote');
        i = close + tag[0].length;
        continue;
      }
    }
    if ((ch === '-' && next === '-') || (ch === '/' && next === '*') || ch === '#') {
      return new Refusal('comment', 'Custom SQL cannot contain comments');
    }
    if (ch === '?' || (ch === '$' && /[0-9]/.test(next))) {
      const placeholder = ch === '?' ? '?' : `$${next}`;
      return new Refusal('parameter', `Custom SQL cannot contain the parameter placeholder "${placeholder}"`);
    }
    if (ch === ';')
      return new Refusal('semicolon', 'Custom SQL must be a single expression, without semicolons');
    if (ch === '(') depth += 1;
    if (ch === ')') {
      depth -= 1;
      if (depth < 0)
        return new Refusal(
          'unbalanced_parentheses',
          'Custom SQL has unbalanced parentheses: a ")" without a matching "("',
        );
    }
    if (WORD_START.test(ch) && !WORD_PART.test(sql[i - 1] ?? ' ')) {
      let end = i + 1;
      while (end < sql.length && WORD_PART.test(sql[end] ?? '')) end += 1;
      const word = sql.slice(i, end).toUpperCase();
      if (SUBQUERY_KEYWORDS.has(word) && !allowSubqueries) {
        return new Refusal('subquery', 'Custom SQL fields cannot contain sub-queries.');
      }
      if (STATEMENT_KEYWORDS.has(word) && !/^\s*\(/.test(sql.slice(end))) {
        return new Refusal(
          'statement',
          `Custom SQL must be a single expression; "${word}" starts a statement`,
        );
      }
      i = end;
      continue;
    }
    i += 1;
  }
  if (depth !== 0)
    return new Refusal(
      'unbalanced_parentheses',
      'Custom SQL has unbalanced parentheses: a "(" without a matching ")"',
    );
  return null;
}

/**
 * The custom SQL, trimmed, when it is a single expression or predicate; otherwise a CustomSqlError
 * naming the field and the reason. Callers still wrap the result in parentheses.
 */
export function validateCustomSql(sql: string, options: CustomSqlOptions = {}): string {
  const field = options.field ?? '';
  const text = sql.trim();
  if (text === '') throw new CustomSqlError('empty', 'Custom SQL cannot be empty', field);
  for (const reading of READINGS) {
    const refusal = read(text, reading, options.allowSubqueries ?? false);
    if (refusal) throw new CustomSqlError(refusal.reason, refusal.message, field);
  }
  return text;
}
