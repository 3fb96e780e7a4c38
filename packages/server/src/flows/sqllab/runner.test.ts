import { getDialect } from '@vitrina/common/sql/dialects/index';
import { describe, expect, it } from 'vitest';
import type { DatabaseSession, QueryOptions, QueryResult, SessionOptions } from '../../drivers/driver.ts';
import { getParser } from '../../drivers/parsers/index.ts';
import { planExecution } from './plan.ts';
import { describeColumns, rowsAsObjects, runPlan } from './runner.ts';

const dialect = getDialect('duckdb');
const flags = { allowDml: true, allowCtas: false, allowCvas: false, forceCtasSchema: null };

function fakeConnection(rowCount: number) {
  const executed: string[] = [];
  const sessions: SessionOptions[] = [];
  return {
    executed,
    sessions,
    session<T>(options: SessionOptions, work: (session: DatabaseSession) => Promise<T>): Promise<T> {
      sessions.push(options);
      return work(this as unknown as DatabaseSession);
    },
    async execute(sql: string, _options?: QueryOptions): Promise<QueryResult> {
      executed.push(sql);
      const limit = Number(/LIMIT (\d+)$/.exec(sql)?.[1] ?? rowCount);
      const rows = Array.from({ length: Math.min(limit, rowCount) }, (_, i) => [i, `n${i}`]);
      return {
        columns: [
          { name: 'id', type: 'INTEGER' },
          { name: 'at', type: 'TIMESTAMP' },
        ],
        rows,
      };
    },
  };
}

describe('runPlan', () => {
  it('runs statements in order, reports each, and keeps the result statement rows', async () => {
    const plan = planExecution({
      statements: await getParser('postgresql').split('DELETE FROM x; SELECT * FROM t'),
      queryLimit: 10,
      flags,
      dialect,
      ctas: null,
    });
    const connection = fakeConnection(50);
    const seen: string[] = [];
    const outcome = await runPlan(connection, dialect, plan, {
      timeoutMs: 10_000,
      schema: 'sales',
      onStatement: async (index, count) => void seen.push(`Running statement ${index + 1} out of ${count}`),
    });
    expect(seen).toEqual(['Running statement 1 out of 2', 'Running statement 2 out of 2']);
    expect(connection.executed).toEqual(['DELETE FROM x', 'SELECT * FROM t\nLIMIT 11']);
    // One session for the whole script, on the tab's schema.
    expect(connection.sessions).toEqual([{ schema: 'sales' }]);
    expect(outcome.rows).toHaveLength(10);
    expect(outcome.limitingFactor).toBe('DROPDOWN');
  });

  it('reports NOT_LIMITED when the extra row did not come back', async () => {
    const statements = await getParser('postgresql').split('SELECT * FROM t');
    const plan = planExecution({ statements, queryLimit: 100, flags, dialect, ctas: null });
    const outcome = await runPlan(fakeConnection(5), dialect, plan, { timeoutMs: 10_000 });
    expect(outcome.rows).toHaveLength(5);
    expect(outcome.limitingFactor).toBe('NOT_LIMITED');
  });

  it('describes columns with their generic types and rows as objects', () => {
    const columns = [
      { name: 'id', type: 'INTEGER' },
      { name: 'at', type: 'TIMESTAMP' },
    ];
    expect(describeColumns(dialect, columns)).toEqual([
      { column_name: 'id', name: 'id', type: 'INTEGER', type_generic: 0, is_dttm: false },
      { column_name: 'at', name: 'at', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    ]);
    expect(rowsAsObjects(columns, [[1, '2024-01-01T00:00:00']])).toEqual([
      { id: 1, at: '2024-01-01T00:00:00' },
    ]);
  });
});
