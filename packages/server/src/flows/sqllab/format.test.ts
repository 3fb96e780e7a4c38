import { ENGINES } from '@vitrina/common/sql/engines';
import { describe, expect, it } from 'vitest';
import { formatSql } from './format.ts';

describe('formatSql', () => {
  it('reindents and upper-cases keywords', () => {
    expect(formatSql('select a, b from t where a = 1', 'postgresql')).toBe(
      'SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  a = 1',
    );
  });

  it('follows the dialect of the engine', () => {
    expect(formatSql('select x::int from t', 'postgresql')).toContain('x::INT');
    expect(formatSql('select `a b` from t', 'mysql')).toContain('`a b`');
  });

  it.each(ENGINES)("formats %s in its dialect's formatter language", (engine) => {
    // An unknown language would make the formatter throw, and the text come back as it was.
    expect(formatSql('select a from t', engine)).toBe('SELECT\n  a\nFROM\n  t');
  });

  it('formats ClickHouse and Trino in their own languages', () => {
    expect(formatSql('select a from t array join arr', 'clickhouse')).toContain('ARRAY JOIN');
    expect(formatSql('select a from t', 'trino')).toBe('SELECT\n  a\nFROM\n  t');
  });

  it('keeps template placeholders whole', () => {
    expect(formatSql("select * from t where d = '{{ ds }}' and x = {{ n }}", 'duckdb')).toContain('{{ n }}');
  });
});
