import type { CorpusRow } from './types.ts';

export const clickhouseCorpus: CorpusRow[] = [
  {
    name: 'issue payload: one string literal',
    sql: "SELECT '\\' AS a) AS t; DELETE FROM t2; SELECT * FROM (SELECT 1 AS a --'",
    expect: { kinds: ['read'] },
  },
  {
    name: 'backslash escapes the quote',
    sql: "SELECT 'a\\'; DROP TABLE t; SELECT '",
    expect: { kinds: ['read'] },
  },
  {
    name: 'escaped backslash ends the string',
    sql: "SELECT 'a\\\\'; DROP TABLE t",
    expect: { kinds: ['read', 'ddl'] },
  },
  { name: 'line comment', sql: 'SELECT 1 -- ; DROP TABLE t', expect: { kinds: ['read'] }, comments: true },
  {
    name: 'block comment',
    sql: 'SELECT 1 /* ; DROP TABLE t */',
    expect: { kinds: ['read'] },
    comments: true,
  },
  { name: 'unterminated comment', sql: 'SELECT 1 /* ; DROP TABLE t', expect: 'refused' },
  {
    name: 'quoted identifiers',
    sql: 'SELECT 1 AS "a;""b", 2 AS `c;d`',
    expect: { kinds: ['read'] },
    comments: false,
  },
  {
    name: 'INSERT and DROP',
    sql: 'INSERT INTO t VALUES (1); DROP TABLE t',
    expect: { kinds: ['dml', 'ddl'] },
  },
  {
    name: 'ALTER … DELETE: the parser cannot read it',
    sql: 'ALTER TABLE t DELETE WHERE 1',
    expect: 'refused',
  },
  { name: 'SET', sql: 'SET max_threads = 1', expect: { kinds: ['other'] } },
  {
    name: 'analyst SQL',
    sql: `SELECT toStartOfMonth(created_at) AS month, region, sum(amount) AS total, count() AS n,
        if(total > 0, 'up', 'down'), CASE WHEN n > 1 THEN 1 ELSE 0 END, upper(coalesce(region, 'all')),
        CAST(total AS Int64), arrayJoin([1, 2]) AS k
      FROM sales AS s INNER JOIN regions AS r ON r.id = s.region_id
      WHERE created_at >= now() - INTERVAL 1 YEAR GROUP BY month, region WITH ROLLUP ORDER BY month LIMIT 100`,
    expect: { kinds: ['read'] },
    comments: false,
  },
  {
    name: 'INTO OUTFILE is refused as a file write',
    sql: "SELECT * FROM t INTO OUTFILE 'x.csv'",
    expect: 'refused',
    filesOrCode: true,
  },
];
