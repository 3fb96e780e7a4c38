import { POSTGRES_QUOTING_ROWS, STANDARD_QUOTING_ROWS } from './shared.ts';
import type { CorpusRow } from './types.ts';

export const postgresqlCorpus: CorpusRow[] = [
  ...STANDARD_QUOTING_ROWS,
  ...POSTGRES_QUOTING_ROWS,
  {
    name: 'issue payload wrapped: the third piece is unterminated',
    sql: "SELECT * FROM (SELECT '\\' AS a) AS t; DELETE FROM t2; SELECT * FROM (SELECT 1 AS a --') AS t",
    expect: 'refused',
  },
  { name: 'unterminated dollar quote', sql: 'SELECT $x$; DELETE FROM t', expect: 'refused' },
  {
    name: 'nested comments',
    sql: 'SELECT 1 /* a /* b */ ; DELETE FROM t */',
    expect: { kinds: ['read'] },
    comments: true,
  },
  { name: 'unterminated comment', sql: 'SELECT 1 /* ; DELETE FROM t', expect: 'refused' },
  { name: 'line comment', sql: 'SELECT 1 -- ; DELETE FROM t', expect: { kinds: ['read'] }, comments: true },
  {
    name: 'unicode escapes',
    sql: 'SELECT U&\'\\0041;\' AS "a;""b"',
    expect: { kinds: ['read'] },
    comments: false,
  },
  { name: 'semicolon in a string', sql: "SELECT ';' AS x", expect: { kinds: ['read'] }, comments: false },
  {
    name: 'data-modifying CTE',
    sql: 'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    expect: { kinds: ['dml'] },
  },
  {
    name: 'data-modifying CTE deep inside',
    sql: 'SELECT * FROM (WITH d AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM d) x',
    expect: { kinds: ['dml'] },
  },
  { name: 'plain CTE', sql: 'WITH d AS (SELECT 1 AS a) SELECT * FROM d', expect: { kinds: ['read'] } },
  { name: 'EXPLAIN ANALYZE of DML', sql: 'EXPLAIN ANALYZE DELETE FROM t', expect: { kinds: ['dml'] } },
  {
    name: 'EXPLAIN (ANALYZE) of DML',
    sql: 'EXPLAIN (ANALYZE, BUFFERS) DELETE FROM t',
    expect: { kinds: ['dml'] },
  },
  { name: 'EXPLAIN of DML', sql: 'EXPLAIN DELETE FROM t', expect: { kinds: ['read'] } },
  { name: 'EXPLAIN ANALYZE of SELECT', sql: 'EXPLAIN ANALYZE SELECT 1', expect: { kinds: ['read'] } },
  { name: 'COPY FROM', sql: "COPY t FROM '/etc/passwd'", expect: { kinds: ['dml'] }, filesOrCode: true },
  { name: 'COPY TO', sql: "COPY t TO '/tmp/x'", expect: { kinds: ['other'] }, filesOrCode: true },
  {
    name: 'COPY a program',
    sql: "COPY (SELECT 1) TO PROGRAM 'id'",
    expect: { kinds: ['other'] },
    filesOrCode: true,
  },
  { name: 'LOAD a library', sql: "LOAD 'plpgsql'", expect: { kinds: ['other'] }, filesOrCode: true },
  { name: 'SELECT INTO', sql: 'SELECT * INTO t2 FROM t', expect: { kinds: ['dml'] }, filesOrCode: false },
  { name: 'SELECT FOR UPDATE', sql: 'SELECT * FROM t FOR UPDATE', expect: { kinds: ['dml'] } },
  { name: 'SET', sql: 'SET search_path = x', expect: { kinds: ['other'] } },
  { name: 'SHOW', sql: 'SHOW search_path', expect: { kinds: ['read'] } },
  {
    name: 'transaction, DO, CALL',
    sql: 'BEGIN; DO $$ BEGIN END $$; CALL p(); COMMIT',
    expect: { kinds: ['other', 'other', 'other', 'other'] },
  },
  {
    name: 'DDL',
    sql: 'CREATE TABLE x (a int); ALTER TABLE x ADD b int; DROP TABLE x; TRUNCATE t; GRANT SELECT ON t TO u',
    expect: { kinds: ['ddl', 'ddl', 'ddl', 'ddl', 'ddl'] },
  },
  { name: 'CREATE TABLE AS', sql: 'CREATE TABLE x AS SELECT 1', expect: { kinds: ['ddl'] } },
  {
    name: 'comment-only statements dropped',
    sql: 'SELECT 1; -- done\n;',
    expect: { kinds: ['read'] },
    comments: true,
  },
  {
    name: 'analyst SQL',
    sql: `WITH m AS (SELECT date_trunc('month', created_at)::date AS month, region, sum(amount) AS total
      FROM sales s JOIN regions r ON r.id = s.region_id WHERE created_at >= now() - interval '1 year'
      GROUP BY ROLLUP (1, 2))
      SELECT month, region, total, CASE WHEN total > 0 THEN 'up' ELSE 'down' END,
        rank() OVER (PARTITION BY month ORDER BY total DESC), upper(coalesce(region, 'all'))
      FROM m ORDER BY 1 LIMIT 100`,
    expect: { kinds: ['read'] },
    comments: false,
  },
];
