import { CustomSqlError } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { getParser } from '../../drivers/parsers/index.ts';
import { DEFAULT_SQL_POLICY, SqlPolicy } from './policy.ts';
import { parseSqlPolicySettings } from './settings.ts';

const postgres = new SqlPolicy(getParser('postgresql'), DEFAULT_SQL_POLICY);
const duckdb = new SqlPolicy(getParser('duckdb'), DEFAULT_SQL_POLICY);
const sqlite = new SqlPolicy(getParser('sqlite'), DEFAULT_SQL_POLICY);
const mysql = new SqlPolicy(getParser('mysql'), DEFAULT_SQL_POLICY);
const orders = [{ catalog: null, schema: 'public', table: 'orders' }];

async function refusal(check: Promise<unknown>): Promise<CustomSqlError | null> {
  try {
    await check;
    return null;
  } catch (error) {
    if (error instanceof CustomSqlError) return error;
    throw error;
  }
}

const expression = (policy: SqlPolicy, sql: string, role: 'expression' | 'predicate' = 'expression') =>
  refusal(policy.checkExpression({ field: 'f', sql, role }, orders));

describe('SqlPolicy.checkExpression', () => {
  it.each([
    ['SUM(amount)', 'expression'],
    ["CASE WHEN a > 1 THEN 'x' ELSE 'y' END", 'expression'],
    ['amount::numeric / NULLIF(qty, 0)', 'expression'],
    ["date_trunc('month', placed_at)", 'expression'],
    ["region IN ('a', 'b') AND amount > 0", 'predicate'],
    ["note = 'it''s; -- not a comment'", 'predicate'],
  ] as const)('allows %s', async (sql, role) => {
    expect(await expression(postgres, sql, role)).toBeNull();
  });

  it.each([
    ['(SELECT 1)', 'subquery'],
    ['EXISTS (SELECT 1 FROM secrets)', 'subquery'],
    ["query_to_xml('select * from secrets', true, true, '')", 'denied_function'],
    ["pg_catalog.pg_read_file('/etc/passwd')", 'denied_function'],
    ['1) FROM secrets --', 'comment'],
    ['1 /* x */', 'comment'],
    ['x; DELETE FROM t', 'syntax'],
    ['a = $1', 'parameter'],
  ] as const)('refuses %s on PostgreSQL (%s)', async (sql, reason) => {
    expect((await expression(postgres, sql))?.reason).toBe(reason);
  });

  it.each([
    ['(FROM secrets)', 'subquery'],
    ["(SELECT * FROM query('select 1'))", 'table_function'],
    ["read_text('/etc/passwd')", 'denied_function'],
    ["len(glob('/*'))", 'denied_function'],
  ] as const)('refuses %s on DuckDB (%s)', async (sql, reason) => {
    expect((await expression(duckdb, sql))?.reason).toBe(reason);
  });

  it("names the field and gives sub-queries Superset's error type", async () => {
    const error = await refusal(
      postgres.checkExpression({ field: 'extras.where', sql: 'a IN (SELECT 1)', role: 'predicate' }, orders),
    );
    expect(error?.field).toBe('extras.where');
    expect(error?.errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(error?.message).toBe('Custom SQL fields cannot contain sub-queries.');
  });

  it('lets the operator allow sub-queries over the dataset only, and deny more functions', async () => {
    const settings = parseSqlPolicySettings({
      VITRINA_ALLOW_ADHOC_SUBQUERY: 'true',
      VITRINA_DENIED_SQL_FUNCTIONS: '{"postgresql":["my_fn"]}',
    });
    const policy = new SqlPolicy(getParser('postgresql'), settings);
    expect(
      await refusal(
        policy.checkExpression(
          { field: 'f', sql: '(SELECT MAX(amount) FROM orders)', role: 'expression' },
          orders,
        ),
      ),
    ).toBeNull();
    expect(
      (
        await refusal(
          policy.checkExpression({ field: 'f', sql: '(SELECT 1 FROM secrets)', role: 'expression' }, orders),
        )
      )?.reason,
    ).toBe('other_table');
    expect(
      (await refusal(policy.checkExpression({ field: 'f', sql: 'MY_FN(1)', role: 'expression' }, orders)))
        ?.reason,
    ).toBe('denied_function');
    expect(() => parseSqlPolicySettings({ VITRINA_DENIED_SQL_FUNCTIONS: '{"oracle":["x"]}' })).toThrow(
      /unknown engine/,
    );
  });
});

describe('SqlPolicy.checkQuery and checkCompiled', () => {
  it('accepts one read and answers the tables it reads', async () => {
    const summary = await postgres.checkQuery(
      'SELECT * FROM orders o JOIN customers c ON c.id = o.cid',
      'sql',
      { allowedTables: null },
    );
    expect(summary.tables.map((table) => table.table).sort()).toEqual(['customers', 'orders']);
  });

  it.each([
    'SELECT 1; DELETE FROM t',
    'DELETE FROM t',
    'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    "SELECT '\\' AS a) AS t; DELETE FROM t2; SELECT * FROM (SELECT 1 AS a --'",
  ])('refuses %s as a dataset query', async (sql) => {
    expect(await refusal(postgres.checkQuery(sql, 'sql', { allowedTables: null }))).toBeInstanceOf(
      CustomSqlError,
    );
  });

  it('refuses a compiled query reading a table other than the dataset, and checks every fragment', async () => {
    await expect(
      postgres.checkCompiled(
        { sql: 'SELECT region FROM "public"."orders" WHERE region = $1', userSql: [] },
        orders,
      ),
    ).resolves.toBeUndefined();
    expect(
      (await refusal(postgres.checkCompiled({ sql: 'SELECT token FROM secrets', userSql: [] }, orders)))
        ?.reason,
    ).toBe('other_table');
    const fragment = { field: 'metrics[0].sqlExpression', sql: '(SELECT 1)', role: 'expression' as const };
    expect(
      (
        await refusal(
          postgres.checkCompiled({ sql: 'SELECT (SELECT 1) FROM orders', userSql: [fragment] }, orders),
        )
      )?.field,
    ).toBe('metrics[0].sqlExpression');
  });

  it('lets a virtual dataset read what its own SQL reads, nothing else', async () => {
    const virtual = { field: 'sql', sql: 'SELECT * FROM orders WHERE amount > 0', role: 'query' as const };
    await expect(
      postgres.checkCompiled(
        { sql: `SELECT region FROM (${virtual.sql}) AS virtual_table`, userSql: [virtual] },
        [],
      ),
    ).resolves.toBeUndefined();
  });
});

describe('SqlPolicy.checkScript', () => {
  it('splits and classifies with the engine parser, and refuses denied functions in reads', async () => {
    const statements = await postgres.checkScript(
      "SELECT ';' AS a; DELETE FROM t; EXPLAIN ANALYZE DELETE FROM t",
    );
    expect(statements.map((statement) => statement.kind)).toEqual(['read', 'dml', 'dml']);
    expect((await refusal(postgres.checkScript("SELECT pg_read_file('/etc/passwd')")))?.reason).toBe(
      'denied_function',
    );
    expect((await refusal(duckdb.checkScript("SELECT * FROM read_csv('/etc/passwd')")))?.reason).toBe(
      'denied_function',
    );
    expect((await refusal(postgres.checkScript('SELEC 1')))?.reason).toBe('syntax');
  });

  it('refuses statements that reach files or code on every engine, by the flag its parser sets', async () => {
    const cases: Array<[SqlPolicy, string, RegExp]> = [
      [postgres, "SELECT 1; COPY t TO '/tmp/x'", /^COPY statements are not allowed: they reach files/],
      [duckdb, 'FORCE INSTALL httpfs', /^FORCE INSTALL statements are not allowed: they reach files/],
      [sqlite, "ATTACH DATABASE 'x.db' AS x", /^ATTACH DATABASE statements are not allowed/],
      // The MySQL parser cannot read these; the refusal still says why, not "cannot parse".
      [mysql, "SELECT * FROM t INTO OUTFILE '/tmp/x'", /^SELECT … INTO OUTFILE statements are not allowed/],
      [mysql, "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t", /^LOAD DATA statements are not allowed/],
    ];
    for (const [policy, sql, message] of cases) {
      const error = await refusal(policy.checkScript(sql));
      expect(error?.reason, sql).toBe('not_read');
      expect(error?.message, sql).toMatch(message);
    }
    const dataset = await refusal(
      mysql.checkQuery("SELECT a FROM t INTO DUMPFILE '/tmp/x'", 'sql', { allowedTables: null }),
    );
    expect(dataset).toMatchObject({ reason: 'not_read', field: 'sql' });
  });

  it('runs MySQL GROUP BY … WITH ROLLUP as a read, in SQL Lab and as a virtual dataset', async () => {
    const sql = 'SELECT region, SUM(amount) AS total FROM sales GROUP BY region WITH ROLLUP';
    expect((await mysql.checkScript(sql)).map((statement) => statement.kind)).toEqual(['read']);
    const summary = await mysql.checkQuery(sql, 'sql', { allowedTables: null });
    expect(summary.tables).toEqual([{ catalog: null, schema: null, table: 'sales' }]);
    expect((await refusal(mysql.checkScript('SELECT a FROM t WITH ROLLUP')))?.reason).toBe('syntax');
  });
});
