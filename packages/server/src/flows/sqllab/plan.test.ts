import { getDialect } from '@vitrina/common/sql/dialects/index';
import { describe, expect, it } from 'vitest';
import { getParser } from '../../drivers/parsers/index.ts';
import { SqlLabError } from './errors.ts';
import { type PlanInput, planExecution } from './plan.ts';

const flags = { allowDml: false, allowCtas: false, allowCvas: false, forceCtasSchema: null };
const base = { queryLimit: 100, flags, dialect: getDialect('postgresql'), ctas: null };

/** Plans a script as SQL Lab does: split and classified by PostgreSQL's own parser first. */
async function planOf(input: Omit<PlanInput, 'statements'> & { sql: string }) {
  const { sql, ...rest } = input;
  return planExecution({ ...rest, statements: await getParser('postgresql').split(sql) });
}

describe('planExecution', () => {
  it('limits the last SELECT with one extra row and keeps the unlimited SQL for exports', async () => {
    const plan = await planOf({ ...base, sql: 'SELECT 1; SELECT * FROM t LIMIT 20' });
    expect(plan.statements.map((s) => s.sql)).toEqual(['SELECT 1', 'SELECT * FROM t LIMIT 21']);
    expect(plan).toMatchObject({
      resultIndex: 1,
      limit: 20,
      limitingFactor: 'QUERY',
      exportSql: 'SELECT * FROM t LIMIT 20',
    });
  });

  it('checks every statement before anything runs', async () => {
    await expect(planOf({ ...base, sql: 'SELECT 1; DROP TABLE t; SELECT 2' })).rejects.toThrow(SqlLabError);
    const plan = await planOf({
      ...base,
      sql: 'DELETE FROM t; SELECT 2',
      flags: { ...flags, allowDml: true },
    });
    expect(plan.statements.map((s) => s.kind)).toEqual(['mutating', 'select']);
  });

  it('refuses writes the parser finds inside reads: a data-modifying CTE, EXPLAIN ANALYZE, SELECT INTO', async () => {
    for (const sql of [
      'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
      'EXPLAIN ANALYZE DELETE FROM t',
      'SELECT * INTO copy FROM t',
    ]) {
      await expect(planOf({ ...base, sql }), sql).rejects.toThrow(/Only SELECT statements/);
    }
  });

  it('does not limit SHOW/EXPLAIN but still caps their rows', async () => {
    const plan = await planOf({ ...base, sql: 'EXPLAIN SELECT 1' });
    expect(plan.statements[0]?.sql).toBe('EXPLAIN SELECT 1');
    expect(plan.limit).toBe(100);
  });

  it('wraps the last SELECT into CREATE TABLE/VIEW where allowed, in the forced schema', async () => {
    const plan = await planOf({
      ...base,
      sql: 'SELECT * FROM t',
      flags: { ...flags, allowCtas: true, forceCtasSchema: 'scratch' },
      ctas: { method: 'TABLE', tableName: 'out', schema: 'public' },
    });
    expect(plan.statements[0]?.sql).toBe('CREATE TABLE "scratch"."out" AS\nSELECT * FROM t');
    expect(plan.selectSql).toBe('SELECT * FROM "scratch"."out"');
    await expect(
      planOf({ ...base, sql: 'SELECT 1', ctas: { method: 'VIEW', tableName: 'v', schema: null } }),
    ).rejects.toThrow(/does not allow CREATE VIEW/);
    await expect(
      planOf({
        ...base,
        sql: 'SELECT 1; DELETE FROM t',
        flags: { ...flags, allowDml: true, allowCtas: true },
        ctas: { method: 'TABLE', tableName: 'o', schema: null },
      }),
    ).rejects.toThrow(/last statement is a SELECT/);
  });
});
