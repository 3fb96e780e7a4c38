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
  // Files on the database server: sqlparser-rs cannot read these; the refusal names them.
  {
    name: 'INTO OUTFILE is refused as a file write',
    sql: "SELECT * FROM t INTO OUTFILE '/tmp/x'",
    expect: 'refused',
    filesOrCode: true,
  },
  {
    name: 'INTO OUTFILE before FROM',
    sql: "SELECT * INTO OUTFILE '/tmp/x' FROM t",
    expect: 'refused',
    filesOrCode: true,
  },
  {
    name: 'INTO DUMPFILE',
    sql: "SELECT 1; SELECT secret FROM t INTO DUMPFILE '/tmp/x'",
    expect: 'refused',
    filesOrCode: true,
  },
  {
    name: 'LOAD DATA is refused as a file read',
    sql: "LOAD DATA INFILE '/etc/passwd' INTO TABLE t",
    expect: 'refused',
    filesOrCode: true,
  },
  {
    name: 'LOAD DATA LOCAL',
    sql: "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t",
    expect: 'refused',
    filesOrCode: true,
  },
  { name: 'LOAD XML', sql: "LOAD XML INFILE '/x.xml' INTO TABLE t", expect: 'refused', filesOrCode: true },
  { name: 'INSTALL PLUGIN', sql: "INSTALL PLUGIN p SONAME 'p.so'", expect: 'refused', filesOrCode: true },
  {
    name: 'a user-defined function from a library',
    sql: "CREATE FUNCTION sys_exec RETURNS INTEGER SONAME 'lib_mysqludf_sys.so'",
    expect: 'refused',
    filesOrCode: true,
  },
  {
    name: "'INTO OUTFILE' in a string is a string",
    sql: "SELECT 'INTO OUTFILE' AS a FROM t",
    expect: { kinds: ['read'] },
    filesOrCode: false,
  },
  { name: 'HANDLER is refused', sql: 'HANDLER t OPEN', expect: 'refused', filesOrCode: false },
  { name: 'LOCK is not a read', sql: 'LOCK TABLES t READ', expect: { kinds: ['other'] } },
  { name: 'SET and USE', sql: 'SET @a = 1; USE db', expect: { kinds: ['other', 'other'] } },
  {
    name: 'DML and DDL',
    sql: 'INSERT INTO t VALUES (1); REPLACE INTO t VALUES (1); CREATE TABLE x (a INT); DROP TABLE x',
    expect: { kinds: ['dml', 'dml', 'ddl', 'ddl'] },
  },
  // GROUP BY … WITH ROLLUP (mysqlRollup.ts): read where sqlparser-rs agrees it ends a GROUP BY list.
  { name: 'WITH ROLLUP', sql: 'SELECT a, SUM(b) FROM t GROUP BY a WITH ROLLUP', expect: { kinds: ['read'] } },
  {
    name: 'WITH ROLLUP across lines, with HAVING, ORDER BY and LIMIT',
    sql: 'SELECT a, b, SUM(c) AS s FROM t\nGROUP BY a, b\n  WITH   ROLLUP\nHAVING s > 1 ORDER BY a LIMIT 10',
    expect: { kinds: ['read'] },
  },
  {
    name: 'WITH ROLLUP in a derived table, a sub-query and both sides of a UNION',
    sql: `SELECT * FROM (SELECT a, COUNT(*) AS n FROM t GROUP BY a WITH ROLLUP) AS x
      WHERE a IN (SELECT b FROM u GROUP BY b WITH ROLLUP)
      UNION ALL SELECT c, 1 FROM v GROUP BY c WITH ROLLUP`,
    expect: { kinds: ['read'] },
  },
  {
    name: "WITH ROLLUP, with 'WITH ROLLUP' in a string",
    sql: "SELECT a, 'x WITH ROLLUP' AS label FROM t GROUP BY a WITH ROLLUP",
    expect: { kinds: ['read'] },
  },
  {
    name: 'WITH ROLLUP does not hide a second statement',
    sql: 'SELECT a FROM t GROUP BY a WITH ROLLUP; DELETE FROM t',
    expect: { kinds: ['read', 'dml'] },
  },
  {
    name: 'WITH ROLLUP then a semicolon in a string',
    sql: "SELECT a, ';' FROM t GROUP BY a WITH ROLLUP; SELECT ';'",
    expect: { kinds: ['read', 'read'] },
  },
  { name: 'WITH ROLLUP without GROUP BY', sql: 'SELECT a FROM t WITH ROLLUP', expect: 'refused' },
  { name: 'WITH ROLLUP after ORDER BY', sql: 'SELECT a FROM t ORDER BY a WITH ROLLUP', expect: 'refused' },
  {
    name: 'WITH ROLLUP with a comment between the words',
    sql: 'SELECT a FROM t GROUP BY a WITH/**/ROLLUP',
    expect: 'refused',
  },
  { name: 'WITH ROLLUPS', sql: 'SELECT a FROM t GROUP BY a WITH ROLLUPS', expect: 'refused' },
  // Other common MySQL reads.
  {
    name: 'index hints',
    sql: 'SELECT * FROM t USE INDEX (i) JOIN u FORCE INDEX FOR JOIN (j) ON u.a = t.a JOIN v IGNORE INDEX FOR ORDER BY (k) ON v.a = t.a ORDER BY t.a',
    expect: { kinds: ['read'] },
  },
  {
    name: 'STRAIGHT_JOIN and select modifiers',
    sql: 'SELECT STRAIGHT_JOIN SQL_CALC_FOUND_ROWS SQL_NO_CACHE HIGH_PRIORITY DISTINCTROW a FROM t STRAIGHT_JOIN u ON u.a = t.a; SELECT FOUND_ROWS()',
    expect: { kinds: ['read', 'read'] },
  },
  { name: 'LIMIT offset, count', sql: 'SELECT a FROM t ORDER BY a LIMIT 5, 10', expect: { kinds: ['read'] } },
  {
    name: 'PARTITION selection',
    sql: 'SELECT a FROM t PARTITION (p0, p1) AS x',
    expect: { kinds: ['read'] },
  },
  {
    name: 'window functions and a named window',
    sql: 'SELECT ROW_NUMBER() OVER w, SUM(a) OVER (w ROWS UNBOUNDED PRECEDING), LAG(a) OVER (PARTITION BY b ORDER BY c) FROM t WINDOW w AS (PARTITION BY b ORDER BY c)',
    expect: { kinds: ['read'] },
  },
  {
    name: 'JSON_TABLE',
    sql: "SELECT jt.* FROM t, JSON_TABLE(t.doc, '$[*]' COLUMNS (id FOR ORDINALITY, x INT PATH '$.x')) AS jt",
    expect: { kinds: ['read'] },
  },
  {
    name: 'WITH RECURSIVE',
    sql: 'WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT n FROM c',
    expect: { kinds: ['read'] },
  },
  {
    name: 'MySQL functions and operators',
    sql: "SELECT GROUP_CONCAT(DISTINCT a ORDER BY a SEPARATOR '|'), a DIV 2, a % 2, a XOR b, a <=> b, a->>'$.x', MATCH (a) AGAINST ('x' IN BOOLEAN MODE), CONVERT(a USING utf8mb4), DATE_ADD(d, INTERVAL 1 DAY) FROM t WHERE a REGEXP '^x'",
    expect: { kinds: ['read'] },
  },
  // Locking reads and variables are not reads.
  { name: 'FOR UPDATE is not a read', sql: 'SELECT a FROM t FOR UPDATE', expect: { kinds: ['dml'] } },
  { name: 'FOR SHARE is not a read', sql: 'SELECT a FROM t FOR SHARE', expect: { kinds: ['dml'] } },
  { name: 'LOCK IN SHARE MODE is refused', sql: 'SELECT a FROM t LOCK IN SHARE MODE', expect: 'refused' },
  {
    name: 'SELECT INTO a variable is not a read',
    sql: 'SELECT a INTO @v FROM t',
    expect: { kinds: ['dml'] },
  },
  // Read syntax sqlparser-rs 0.62 cannot read yet: refused (docs/security.md, known limits).
  { name: 'not yet: MOD as an operator', sql: 'SELECT a MOD 2 FROM t', expect: 'refused' },
  {
    name: 'not yet: compound EXTRACT units',
    sql: 'SELECT EXTRACT(YEAR_MONTH FROM d) FROM t',
    expect: 'refused',
  },
  { name: 'not yet: GROUP BY … ASC', sql: 'SELECT a FROM t GROUP BY a ASC', expect: 'refused' },
  { name: 'not yet: SOUNDS LIKE', sql: "SELECT a FROM t WHERE a SOUNDS LIKE 'x'", expect: 'refused' },
  { name: 'not yet: TABLE statement', sql: 'TABLE t', expect: 'refused' },
  {
    name: 'not yet: a comma join in parentheses',
    sql: 'SELECT a FROM t1 LEFT JOIN (t2, t3) ON t2.a = t1.a',
    expect: 'refused',
  },
  { name: 'not yet: SELECT INTO two variables', sql: 'SELECT a, b INTO @a, @b FROM t', expect: 'refused' },
  { name: 'not yet: CHAR … USING', sql: 'SELECT CHAR(65 USING utf8mb4)', expect: 'refused' },
  { name: 'not yet: ROWS EXAMINED', sql: 'SELECT a FROM t LIMIT 10 ROWS EXAMINED 100', expect: 'refused' },
  { name: 'not yet: NEXT VALUE FOR', sql: 'SELECT NEXT VALUE FOR s', expect: 'refused' },
  {
    name: "not yet: WITH ROLLUP in a derived table when 'WITH ROLLUP' is also in a string",
    sql: "SELECT * FROM (SELECT a FROM t WHERE n <> 'with rollup' GROUP BY a WITH ROLLUP) AS x",
    expect: 'refused',
  },
  {
    name: 'not yet: MariaDB system-versioned reads',
    sql: "SELECT * FROM t FOR SYSTEM_TIME AS OF TIMESTAMP '2020-01-01 00:00:00'",
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
