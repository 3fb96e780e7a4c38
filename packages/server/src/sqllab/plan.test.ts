import { getDialect } from '@vitrina/common/sql/dialects/index';
import { describe, expect, it } from 'vitest';
import { SqlLabError } from './errors.ts';
import { planExecution } from './plan.ts';

const flags = { allowDml: false, allowCtas: false, allowCvas: false, forceCtasSchema: null };
const base = { queryLimit: 100, flags, dialect: getDialect('postgresql'), ctas: null };

describe('planExecution', () => {
  it('limits the last SELECT with one extra row and keeps the unlimited SQL for exports', () => {
    const plan = planExecution({ ...base, sql: 'SELECT 1; SELECT * FROM t LIMIT 20' });
    expect(plan.statements.map((s) => s.sql)).toEqual(['SELECT 1', 'SELECT * FROM t LIMIT 21']);
    expect(plan).toMatchObject({
      resultIndex: 1,
      limit: 20,
      limitingFactor: 'QUERY',
      exportSql: 'SELECT * FROM t LIMIT 20',
    });
  });

  it('checks every statement before anything runs', () => {
    expect(() => planExecution({ ...base, sql: 'SELECT 1; DROP TABLE t; SELECT 2' })).toThrow(SqlLabError);
    const plan = planExecution({
      ...base,
      sql: 'DELETE FROM t; SELECT 2',
      flags: { ...flags, allowDml: true },
    });
    expect(plan.statements.map((s) => s.kind)).toEqual(['mutating', 'select']);
  });

  it('does not limit SHOW/EXPLAIN but still caps their rows', () => {
    const plan = planExecution({ ...base, sql: 'EXPLAIN SELECT 1' });
    expect(plan.statements[0]?.sql).toBe('EXPLAIN SELECT 1');
    expect(plan.limit).toBe(100);
  });

  it('wraps the last SELECT into CREATE TABLE/VIEW where allowed, in the forced schema', () => {
    const plan = planExecution({
      ...base,
      sql: 'SELECT * FROM t',
      flags: { ...flags, allowCtas: true, forceCtasSchema: 'scratch' },
      ctas: { method: 'TABLE', tableName: 'out', schema: 'public' },
    });
    expect(plan.statements[0]?.sql).toBe('CREATE TABLE "scratch"."out" AS\nSELECT * FROM t');
    expect(plan.selectSql).toBe('SELECT * FROM "scratch"."out"');
    expect(() =>
      planExecution({ ...base, sql: 'SELECT 1', ctas: { method: 'VIEW', tableName: 'v', schema: null } }),
    ).toThrow(/does not allow CREATE VIEW/);
    expect(() =>
      planExecution({
        ...base,
        sql: 'SELECT 1; DELETE FROM t',
        flags: { ...flags, allowDml: true, allowCtas: true },
        ctas: { method: 'TABLE', tableName: 'o', schema: null },
      }),
    ).toThrow(/last statement is a SELECT/);
  });
});
