import { STANDARD_QUOTING_ROWS } from './shared.ts';
import type { CorpusRow } from './types.ts';

export const sqliteCorpus: CorpusRow[] = [
  ...STANDARD_QUOTING_ROWS,
  {
    name: 'semicolon in a string',
    sql: "SELECT ';' AS x; SELECT 2",
    expect: { kinds: ['read', 'read'] },
    comments: false,
  },
  {
    name: 'quoted identifier with quote and semicolon',
    sql: 'SELECT 1 AS "a;""b"',
    expect: { kinds: ['read'] },
    comments: false,
  },
  { name: 'line comment', sql: 'SELECT 1 -- ; DELETE FROM t', expect: { kinds: ['read'] }, comments: true },
  {
    name: 'block comment',
    sql: 'SELECT 1 /* ; DELETE FROM t */',
    expect: { kinds: ['read'] },
    comments: true,
  },
  { name: 'unterminated string', sql: "SELECT 'a; DELETE FROM t", expect: 'refused' },
  {
    name: 'ATTACH is other, though SQLite calls it readonly',
    sql: "ATTACH 'x.db' AS x",
    expect: { kinds: ['other'] },
    filesOrCode: true,
  },
  { name: 'PRAGMA', sql: 'PRAGMA user_version = 1', expect: { kinds: ['other'] } },
  {
    name: 'PRAGMA with a bare word: the parser cannot read it',
    sql: 'PRAGMA journal_mode = WAL',
    expect: 'refused',
  },
  {
    name: 'DML and DDL',
    sql: 'INSERT INTO t VALUES (1); UPDATE t SET a = 2; CREATE TABLE x (a); DROP TABLE x',
    expect: { kinds: ['dml', 'dml', 'ddl', 'ddl'] },
  },
  { name: 'VACUUM', sql: 'VACUUM', expect: { kinds: ['other'] }, filesOrCode: false },
  { name: 'VACUUM INTO a file', sql: "VACUUM INTO '/tmp/copy.db'", expect: 'refused', filesOrCode: true },
  { name: 'parameters compile', sql: 'SELECT * FROM t WHERE a = ?', expect: { kinds: ['read'] } },
  {
    name: 'analyst SQL',
    sql: `WITH m AS (SELECT strftime('%Y-%m', created_at) AS month, region, sum(amount) AS total
      FROM sales s JOIN regions r ON r.id = s.region_id WHERE created_at >= date('now', '-1 year')
      GROUP BY 1, 2)
      SELECT month, region, total, CASE WHEN total > 0 THEN 'up' ELSE 'down' END,
        rank() OVER (PARTITION BY month ORDER BY total DESC), upper(coalesce(region, 'all')), CAST(total AS INTEGER)
      FROM m ORDER BY 1 LIMIT 100`,
    expect: { kinds: ['read'] },
    comments: false,
  },
];
