import { STANDARD_QUOTING_ROWS } from './shared.ts';
import type { CorpusRow } from './types.ts';

export const trinoCorpus: CorpusRow[] = [
  ...STANDARD_QUOTING_ROWS,
  {
    name: 'doubled quotes in a string',
    sql: "SELECT 'it''s; fine'",
    expect: { kinds: ['read'] },
    comments: false,
  },
  {
    name: 'quoted identifier with quote and semicolon',
    sql: 'SELECT 1 AS "a;""b"',
    expect: { kinds: ['read'] },
    comments: false,
  },
  { name: 'unicode escapes', sql: "SELECT U&'\\0041;'", expect: { kinds: ['read'] } },
  { name: 'line comment', sql: 'SELECT 1 -- ; DELETE FROM t', expect: { kinds: ['read'] }, comments: true },
  { name: 'EXPLAIN ANALYZE of DML', sql: 'EXPLAIN ANALYZE DELETE FROM t', expect: { kinds: ['dml'] } },
  { name: 'EXPLAIN of DML', sql: 'EXPLAIN DELETE FROM t', expect: { kinds: ['read'] } },
  { name: 'SHOW', sql: 'SHOW TABLES', expect: { kinds: ['read'] } },
  {
    name: 'DDL and DML',
    sql: 'CREATE TABLE x AS SELECT 1; INSERT INTO x VALUES (1)',
    expect: { kinds: ['ddl', 'dml'] },
  },
  {
    name: 'analyst SQL',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS month, region, sum(amount) AS total
      FROM sales s JOIN regions r ON r.id = s.region_id CROSS JOIN UNNEST(tags) AS u(tag)
      WHERE created_at >= current_date - INTERVAL '1' YEAR GROUP BY ROLLUP (1, 2))
      SELECT month, region, total, CASE WHEN total > 0 THEN 'up' ELSE 'down' END, try_cast(total AS bigint),
        rank() OVER (PARTITION BY month ORDER BY total DESC), upper(coalesce(region, 'all'))
      FROM m ORDER BY 1 LIMIT 100`,
    expect: { kinds: ['read'] },
    comments: false,
  },
];
