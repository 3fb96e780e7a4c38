import { MySQL, PostgreSQL, SQLite, StandardSQL } from '@codemirror/lang-sql';
import { describe, expect, it } from 'vitest';
import { dialectFor } from './SqlLabEditor.tsx';

describe('dialectFor', () => {
  it("gives each engine its dialect's editor language", () => {
    expect(dialectFor('postgresql')).toBe(PostgreSQL);
    expect(dialectFor('duckdb')).toBe(PostgreSQL);
    expect(dialectFor('mysql')).toBe(MySQL);
    expect(dialectFor('sqlite')).toBe(SQLite);
    // CodeMirror has none of their own: the standard dialect, chosen by theirs rather than by a fallback.
    expect(dialectFor('clickhouse')).toBe(StandardSQL);
    expect(dialectFor('trino')).toBe(StandardSQL);
  });

  it('uses standard SQL with no database or an engine the server does not know', () => {
    expect(dialectFor(undefined)).toBe(StandardSQL);
    expect(dialectFor('oracle')).toBe(StandardSQL);
  });
});
