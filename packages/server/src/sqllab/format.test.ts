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

  it('keeps template placeholders whole', () => {
    expect(formatSql("select * from t where d = '{{ ds }}' and x = {{ n }}", 'duckdb')).toContain('{{ n }}');
  });
});
