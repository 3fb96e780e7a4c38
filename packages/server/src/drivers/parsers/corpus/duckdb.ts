import { POSTGRES_QUOTING_ROWS, STANDARD_QUOTING_ROWS } from './shared.ts';
import type { CorpusRow } from './types.ts';

export const duckdbCorpus: CorpusRow[] = [
  ...STANDARD_QUOTING_ROWS,
  ...POSTGRES_QUOTING_ROWS,
  {
    name: 'nested comments',
    sql: 'SELECT 1 /* a /* b */ ; DELETE FROM t */',
    expect: { kinds: ['read'] },
    comments: true,
  },
  { name: 'unterminated comment', sql: 'SELECT 1 /* ; DELETE FROM t', expect: 'refused' },
  { name: 'line comment', sql: 'SELECT 1 -- ; DELETE FROM t', expect: { kinds: ['read'] }, comments: true },
  {
    name: 'quoted identifier with quote and semicolon',
    sql: 'SELECT 1 AS "a;""b"',
    expect: { kinds: ['read'] },
    comments: false,
  },
  { name: 'FROM-first', sql: 'FROM t', expect: { kinds: ['read'] } },
  { name: 'FROM-first sub-query', sql: 'SELECT (FROM t LIMIT 1)', expect: { kinds: ['read'] } },
  { name: 'DESCRIBE and SHOW', sql: 'DESCRIBE t; SHOW TABLES', expect: { kinds: ['read', 'read'] } },
  { name: 'EXPLAIN ANALYZE of DML', sql: 'EXPLAIN ANALYZE DELETE FROM t', expect: { kinds: ['dml'] } },
  { name: 'EXPLAIN ANALYZE of SELECT', sql: 'EXPLAIN ANALYZE SELECT 1', expect: { kinds: ['read'] } },
  { name: 'EXPLAIN of DML', sql: 'EXPLAIN DELETE FROM t', expect: { kinds: ['read'] } },
  {
    name: 'CTE with DML',
    sql: 'WITH d AS (SELECT 1) INSERT INTO t SELECT * FROM d',
    expect: { kinds: ['dml'] },
  },
  {
    name: 'COPY',
    sql: "COPY t FROM 'x.csv'; COPY (SELECT 1 FROM u) TO 'y.csv'",
    expect: { kinds: ['dml', 'other'] },
    filesOrCode: true,
  },
  {
    name: 'ATTACH, DETACH, USE',
    sql: "ATTACH 'x.db' AS x; USE x; DETACH x",
    expect: { kinds: ['other', 'other', 'other'] },
    filesOrCode: true,
  },
  {
    name: 'PRAGMA and SET',
    sql: 'PRAGMA threads=1; SET threads = 1; RESET threads',
    expect: { kinds: ['other', 'other', 'other'] },
  },
  {
    name: 'INSTALL and LOAD',
    sql: 'INSTALL httpfs; LOAD httpfs',
    expect: { kinds: ['other', 'other'] },
    filesOrCode: true,
  },
  { name: 'FORCE INSTALL', sql: 'FORCE INSTALL httpfs', expect: { kinds: ['other'] }, filesOrCode: true },
  {
    name: 'EXPORT DATABASE',
    sql: "EXPORT DATABASE '/tmp/x'",
    expect: { kinds: ['other'] },
    filesOrCode: true,
  },
  { name: 'USE reaches nothing', sql: 'USE memory', expect: { kinds: ['other'] }, filesOrCode: false },
  { name: 'DDL', sql: 'CREATE TABLE x (a INT); DROP TABLE x', expect: { kinds: ['ddl', 'ddl'] } },
  { name: 'garbage', sql: 'SELEC 1', expect: 'refused' },
  {
    name: 'analyst SQL',
    sql: `WITH m AS (SELECT date_trunc('month', created_at)::DATE AS month, region, sum(amount) AS total
      FROM sales s JOIN regions r ON r.id = s.region_id WHERE created_at >= now() - INTERVAL 1 YEAR
      GROUP BY ROLLUP (1, 2))
      SELECT month, region, total, CASE WHEN total > 0 THEN 'up' ELSE 'down' END,
        rank() OVER (PARTITION BY month ORDER BY total DESC), upper(coalesce(region, 'all'))
      FROM m QUALIFY total > 0 ORDER BY 1 LIMIT 100`,
    expect: { kinds: ['read'] },
    comments: false,
  },
];
