import type { CorpusRow } from './types.ts';

export const mysqlCorpus: CorpusRow[] = [
  // MySQL reads '\'' as an escaped quote: the whole payload is one string literal, so one harmless SELECT.
  {
    name: 'issue payload: one string literal',
    sql: "SELECT '\\' AS a) AS t; DELETE FROM t2; SELECT * FROM (SELECT 1 AS a --'",
    expect: { kinds: ['read'] },
  },
  {
    name: 'backslash escapes the quote',
    sql: "SELECT 'a\\'; DELETE FROM t; SELECT '",
    expect: { kinds: ['read'] },
  },
  {
    name: 'escaped backslash ends the string',
    sql: "SELECT 'a\\\\'; DELETE FROM t",
    expect: { kinds: ['read', 'dml'] },
  },
  {
    name: '--x is not a comment in MySQL',
    sql: 'SELECT 1 --x; DELETE FROM t',
    expect: { kinds: ['read', 'dml'] },
    comments: false,
  },
  {
    name: '-- followed by a space is',
    sql: 'SELECT 1 -- x; DELETE FROM t',
    expect: { kinds: ['read'] },
    comments: true,
  },
  { name: '# comment', sql: 'SELECT 1 # ; DELETE FROM t', expect: { kinds: ['read'] }, comments: true },
  { name: 'executable comment', sql: 'SELECT 1 /*!, sleep(10) */', expect: 'refused', comments: true },
  {
    name: 'MariaDB executable comment',
    sql: 'SELECT 1 /*M!100000 ; DELETE FROM t */',
    expect: 'refused',
    comments: true,
  },
  {
    name: 'backtick identifier with backtick and semicolon',
    sql: 'SELECT 1 AS `a;``b`',
    expect: { kinds: ['read'] },
    comments: false,
  },
  { name: 'INTO OUTFILE is refused', sql: "SELECT * FROM t INTO OUTFILE '/tmp/x'", expect: 'refused' },
  { name: 'LOAD DATA is refused', sql: "LOAD DATA INFILE '/etc/passwd' INTO TABLE t", expect: 'refused' },
  { name: 'HANDLER is refused', sql: 'HANDLER t OPEN', expect: 'refused' },
  { name: 'LOCK is not a read', sql: 'LOCK TABLES t READ', expect: { kinds: ['other'] } },
  { name: 'SET and USE', sql: 'SET @a = 1; USE db', expect: { kinds: ['other', 'other'] } },
  {
    name: 'DML and DDL',
    sql: 'INSERT INTO t VALUES (1); REPLACE INTO t VALUES (1); CREATE TABLE x (a INT); DROP TABLE x',
    expect: { kinds: ['dml', 'dml', 'ddl', 'ddl'] },
  },
  {
    name: 'WITH ROLLUP: the parser cannot read it',
    sql: 'SELECT a, SUM(b) FROM t GROUP BY a WITH ROLLUP',
    expect: 'refused',
  },
  { name: 'SHOW', sql: 'SHOW TABLES', expect: { kinds: ['read'] } },
  {
    name: 'analyst SQL',
    sql: `WITH m AS (SELECT DATE_FORMAT(created_at, '%Y-%m-01') AS month, region, SUM(amount) AS total
      FROM sales s JOIN regions r ON r.id = s.region_id WHERE created_at >= NOW() - INTERVAL 1 YEAR
      GROUP BY 1, 2)
      SELECT month, region, total, CASE WHEN total > 0 THEN 'up' ELSE 'down' END,
        RANK() OVER (PARTITION BY month ORDER BY total DESC), UPPER(COALESCE(region, 'all')), CAST(total AS SIGNED)
      FROM m ORDER BY 1 LIMIT 100`,
    expect: { kinds: ['read'] },
    comments: false,
  },
];
