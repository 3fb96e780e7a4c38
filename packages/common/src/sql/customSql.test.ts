import { describe, expect, it } from 'vitest';
import { QueryValidationError } from '../query/errors.ts';
import { CustomSqlError, type CustomSqlReason, validateCustomSql } from './customSql.ts';

const ACCEPTED = [
  'SUM(amount)',
  'SUM(a) / NULLIF(SUM(b), 0)',
  "country = 'FR'",
  "name = 'it''s; -- fine'",
  'name = "a;b"',
  'name = `weird; name`',
  "name LIKE '%/*%'",
  "CASE WHEN x > 1 THEN 'a' ELSE 'b' END",
  'EXTRACT(YEAR FROM order_date) = 2024',
  "REPLACE(name, 'a', 'b') = 'x'",
  "INSERT(name, 1, 2, 'x')",
  'COUNT(DISTINCT "user id")',
  "город = 'Москва'",
  "CAST(ts AS TIMESTAMP WITH TIME ZONE) > '2024-01-01'",
  '$$a b$$ = name',
  '"updated_at" IS NOT NULL',
  'selected = 1',
  'deleted_at IS NULL',
  'amount * 1e3 > 5',
  '  x = 1  ',
];

const REFUSED: Array<[string, CustomSqlReason]> = [
  ['1); DROP TABLE x; --', 'unbalanced_parentheses'],
  ['x = 1 /* */; DELETE FROM t', 'comment'],
  ['x = 1; DELETE FROM t', 'semicolon'],
  ['x = 1 -- and the rest', 'comment'],
  ['x = 1 # mysql comment', 'comment'],
  ['x = 1 /* unterminated', 'comment'],
  ["x = 'unterminated", 'unterminated_quote'],
  ['x = "unterminated', 'unterminated_quote'],
  ['x = `unterminated', 'unterminated_quote'],
  ['x = $$unterminated', 'unterminated_quote'],
  ['1) OR (1 = 1', 'unbalanced_parentheses'],
  ['(x = 1', 'unbalanced_parentheses'],
  ['x IN (SELECT id FROM secrets)', 'subquery'],
  ['EXISTS (select 1 from pg_user)', 'subquery'],
  ['x IN (TABLE secrets)', 'subquery'],
  ['SELECT 1', 'subquery'],
  ['1 UNION ALL SELECT password FROM users', 'statement'],
  ['DROP TABLE x', 'statement'],
  ["x = 1 INTO OUTFILE '/tmp/x'", 'statement'],
  ['TRUNCATE t', 'statement'],
  ['x = ?', 'parameter'],
  ['x = $1', 'parameter'],
  ['', 'empty'],
  ['   ', 'empty'],
  // Backslash escapes: MySQL reads the string as continuing, ANSI engines see the semicolon.
  ["name = 'a\\'; DROP TABLE x; --'", 'semicolon'],
  // ANSI reads one string; MySQL ends it at \' and would see the semicolon.
  ["name = 'a\\' ; DROP TABLE x", 'semicolon'],
  // Dollar quotes: PostgreSQL reads a string, other engines would not.
  ['$$ ; DROP TABLE x ; $$', 'semicolon'],
  ['$a$ x $a$; DROP TABLE x', 'semicolon'],
];

describe('validateCustomSql', () => {
  it.each(ACCEPTED)('accepts %s', (sql) => {
    expect(validateCustomSql(sql)).toBe(sql.trim());
  });

  it.each(REFUSED)('refuses %s', (sql, reason) => {
    const error = (() => {
      try {
        validateCustomSql(sql, { field: 'extras.where' });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(CustomSqlError);
    expect(error).toBeInstanceOf(QueryValidationError);
    if (!(error instanceof CustomSqlError)) return;
    expect(error.field).toBe('extras.where');
    expect(error.reason).toBe(reason);
  });

  it('names sub-queries with the error type Superset uses', () => {
    expect(() => validateCustomSql('x IN (SELECT 1)')).toThrow(
      expect.objectContaining({
        errorType: 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
        message: 'Custom SQL fields cannot contain sub-queries.',
      }),
    );
    expect(() => validateCustomSql('x; y')).toThrow(
      expect.objectContaining({ errorType: 'INVALID_SQL_ERROR' }),
    );
  });

  it('allows sub-queries when the database allows them, but never a second statement', () => {
    expect(validateCustomSql('x IN (SELECT id FROM t)', { allowSubqueries: true })).toBe(
      'x IN (SELECT id FROM t)',
    );
    expect(() => validateCustomSql('x IN (SELECT 1); DROP TABLE t', { allowSubqueries: true })).toThrow(
      CustomSqlError,
    );
  });
});
