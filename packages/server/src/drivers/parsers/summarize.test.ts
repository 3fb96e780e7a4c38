import { parseWithComments } from '@guanmingchiu/sqlparser-ts';
import type { EngineName } from '@vitrina/common/sql/engines';
import { describe, expect, it } from 'vitest';
import { getParser, parsers } from './index.ts';
import { loadSqlparser } from './sqlparserRsParse.ts';
import { SqlParseError } from './types.ts';

/** The wrappers the expression policy parses user expressions in. */
const wrap = (expression: string) => `SELECT (${expression}) AS vitrina_expression FROM vitrina_placeholder`;
const placeholder = [{ catalog: null, schema: null, table: 'vitrina_placeholder' }];

describe.each(Object.keys(parsers) as EngineName[])('%s summarize', (engine) => {
  const parser = getParser(engine);

  it('reads a plain expression as one read with only the placeholder', async () => {
    const summary = await parser.summarize(wrap("upper(name) || 'x'"));
    expect(summary).toMatchObject({
      kind: 'read',
      tables: placeholder,
      subqueries: 0,
      setOperations: false,
      parameters: false,
    });
    expect(summary.tableFunctions).toEqual([]);
    expect(summary.functions).toContain('upper');
    expect(summary.shape).toMatchObject({
      targets: 1,
      fromItems: 1,
      where: false,
      groupBy: false,
      with: false,
      otherClauses: [],
    });
  });

  it('finds a sub-query hidden in an expression', async () => {
    const summary = await parser.summarize(wrap('(SELECT max(secret) FROM other_table)'));
    expect(summary.subqueries).toBeGreaterThan(0);
    expect(summary.tables.map((table) => table.table)).toContain('other_table');
  });

  it('finds EXISTS, IN and derived tables, and set operations', async () => {
    const summary = await parser.summarize(
      'SELECT a FROM (SELECT a FROM t1) AS d WHERE EXISTS (SELECT 1 FROM t2) AND a IN (SELECT b FROM t3 UNION SELECT c FROM t4)',
    );
    expect(summary.subqueries).toBe(3);
    expect(summary.setOperations).toBe(true);
    expect(summary.tables.map((table) => table.table).sort()).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('excludes CTE names from tables but not a real table of the same name outside the CTE scope', async () => {
    const summary = await parser.summarize(
      'SELECT * FROM (WITH secret AS (SELECT 1 AS a) SELECT * FROM secret) AS x, secret',
    );
    expect(summary.tables.map((table) => table.table)).toEqual(['secret']);
    const inner = await parser.summarize('WITH c AS (SELECT a FROM base) SELECT * FROM c');
    expect(inner.tables.map((table) => table.table)).toEqual(['base']);
    expect(inner.shape.with).toBe(true);
  });

  it('names schema-qualified tables', async () => {
    const summary = await parser.summarize('SELECT * FROM s.t');
    expect(summary.tables).toEqual([{ catalog: null, schema: 's', table: 't' }]);
  });

  it('reads the top-level shape', async () => {
    const summary = await parser.summarize(
      'SELECT a, count(*) FROM t JOIN u ON t.id = u.id WHERE a > 1 GROUP BY a HAVING count(*) > 1 ORDER BY a LIMIT 5',
    );
    expect(summary.shape).toMatchObject({
      targets: 2,
      fromItems: 2,
      where: true,
      groupBy: true,
      having: true,
      orderBy: true,
      limit: true,
    });
  });

  it('escaping the wrapper adds clauses the policy sees', async () => {
    const summary = await parser.summarize(wrap('1) AS x FROM vitrina_placeholder UNION SELECT (2'));
    expect(summary.setOperations).toBe(true);
    expect(summary.shape.targets).toBe(0);
  });

  it('refuses two statements and text that does not parse', async () => {
    await expect(parser.summarize('SELECT 1; SELECT 2')).rejects.toBeInstanceOf(SqlParseError);
    await expect(parser.summarize('SELECT (1')).rejects.toBeInstanceOf(SqlParseError);
    await expect(parser.summarize('')).rejects.toBeInstanceOf(SqlParseError);
  });

  it('has a deny-list in lower case', () => {
    expect(parser.deniedFunctions.length).toBeGreaterThan(0);
    for (const name of parser.deniedFunctions) expect(name).toBe(name.toLowerCase());
  });
});

describe('engine-specific summaries', () => {
  it('postgresql: query_to_xml is a denied function, generate_series a table function', async () => {
    const parser = getParser('postgresql');
    const summary = await parser.summarize(wrap("query_to_xml('select * from secret', true, true, '')"));
    expect(summary.functions).toContain('query_to_xml');
    expect(parser.deniedFunctions).toContain('query_to_xml');
    const qualified = await parser.summarize(wrap("pg_catalog.pg_read_file('/etc/passwd')"));
    expect(qualified.functions).toEqual(['pg_catalog.pg_read_file']);
    const series = await parser.summarize('SELECT * FROM generate_series(1, 3) AS g');
    expect(series.tableFunctions).toEqual(['generate_series']);
    expect((await parser.summarize('SELECT $1')).parameters).toBe(true);
  });

  it('postgresql: the data-modifying CTE and EXPLAIN ANALYZE of the issue are dml', async () => {
    const parser = getParser('postgresql');
    expect((await parser.summarize('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d')).kind).toBe(
      'dml',
    );
    expect((await parser.summarize('EXPLAIN ANALYZE DELETE FROM t')).kind).toBe('dml');
  });

  it('duckdb: FROM-first sub-queries, query() and read_csv are seen', async () => {
    const parser = getParser('duckdb');
    const fromFirst = await parser.summarize(wrap('(FROM secret)'));
    expect(fromFirst.subqueries).toBe(1);
    expect(fromFirst.tables.map((table) => table.table)).toContain('secret');
    const query = await parser.summarize(wrap("query('select * from secret')"));
    expect(query.functions).toContain('query');
    expect(parser.deniedFunctions).toContain('query');
    const csv = await parser.summarize("SELECT * FROM read_csv('/etc/passwd')");
    expect(csv.tableFunctions).toEqual(['read_csv']);
    expect(csv.tables).toEqual([]);
    expect((await parser.summarize('SELECT ?')).parameters).toBe(true);
    expect(
      (await parser.summarize('SELECT * FROM t QUALIFY row_number() OVER () = 1')).shape.otherClauses,
    ).toContain('QUALIFY');
  });

  it('clickhouse: table functions and SETTINGS are seen', async () => {
    const parser = getParser('clickhouse');
    const summary = await parser.summarize("SELECT * FROM url('http://x', CSV) SETTINGS max_threads = 1");
    expect(summary.tableFunctions).toEqual(['url']);
    expect(summary.shape.otherClauses).toContain('SETTINGS');
  });

  it('mysql: executable comments are refused and reported', async () => {
    const parser = getParser('mysql');
    await expect(parser.summarize(wrap('1 /*!, load_file("/etc/passwd") */'))).rejects.toBeInstanceOf(
      SqlParseError,
    );
    expect(await parser.hasComments('SELECT /*!50000 1 */')).toBe(true);
    expect((await parser.summarize(wrap("load_file('/etc/passwd')"))).functions).toContain('load_file');
  });

  it('mysql: WITH ROLLUP is read, and everything around it still seen', async () => {
    const parser = getParser('mysql');
    const summary = await parser.summarize(
      `SELECT region, SUM(amount) FROM (SELECT * FROM sales WHERE id IN (SELECT id FROM picked GROUP BY id WITH ROLLUP)) AS s
       GROUP BY region WITH ROLLUP HAVING SUM(amount) > load_file('/etc/passwd')`,
    );
    expect(summary.kind).toBe('read');
    expect(summary.tables.map((table) => table.table).sort()).toEqual(['picked', 'sales']);
    expect(summary.subqueries).toBe(2);
    expect(summary.functions).toContain('load_file');
    expect(summary.shape).toMatchObject({ groupBy: true, having: true, fromItems: 1 });
  });

  it('mysql: sqlparser-rs itself still cannot read WITH ROLLUP (mysqlRollup.ts can go when it can)', async () => {
    await loadSqlparser();
    expect(() => parseWithComments('SELECT a FROM t GROUP BY a WITH ROLLUP', 'mysql')).toThrow();
  });

  it('every engine flags statements that reach files or code', async () => {
    const flagged = async (engine: EngineName, sql: string) =>
      (await getParser(engine).split(sql)).map((statement) => statement.touchesFilesOrCode);
    expect(await flagged('postgresql', "COPY t TO '/tmp/x'; SELECT 1; LOAD 'x'")).toEqual([
      true,
      false,
      true,
    ]);
    expect(await flagged('duckdb', "ATTACH 'x.db'; SELECT 1; INSTALL x; COPY t TO 'y'")).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(await flagged('sqlite', "ATTACH 'x.db' AS x; SELECT 1")).toEqual([true, false]);
    expect(await flagged('trino', "SELECT 1; COPY t FROM 'x'")).toEqual([false, true]);
    expect((await getParser('postgresql').summarize("COPY t TO '/tmp/x'")).touchesFilesOrCode).toBe(true);
  });

  it('sqlite: SQLite itself refuses what it cannot compile', async () => {
    const parser = getParser('sqlite');
    expect((await parser.summarize("SELECT load_extension('x')")).functions).toEqual(['load_extension']);
    await expect(parser.summarize('SELECT 1 FROM t WHERE a = ? ? 2')).rejects.toBeInstanceOf(SqlParseError);
  });
});
