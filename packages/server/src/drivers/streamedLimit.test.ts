import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedLimitClause } from './streamedLimit.ts';

/**
 * The reason for the streamed limit's spelling, held against the DuckDB the server runs: a constant
 * `LIMIT n` (50 < n ≤ 1,000,000) over a plain scan is planned as a late materialisation (a row-id semi
 * join and a sort), the scalar subquery is not, and both give the same rows in the same order.
 */

describe('streamed limit', () => {
  let instance: DuckDBInstance;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(
      "CREATE TABLE t AS SELECT range AS id, 'row ' || range AS name, range * 0.5 AS amount FROM range(5000)",
    );
    connection.closeSync();
  });
  afterAll(() => instance.closeSync());

  const select = 'SELECT id, name, amount FROM t';
  const plan = async (sql: string) => {
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(`EXPLAIN ${sql}`);
      return reader
        .getRowsJson()
        .map((row) => String(row[1]))
        .join('\n');
    } finally {
      connection.closeSync();
    }
  };
  const rows = async (sql: string) => {
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowsJson();
    } finally {
      connection.closeSync();
    }
  };

  it('is a scalar subquery on DuckDB, and none elsewhere or for a limit that is no row count', () => {
    expect(streamedLimitClause('duckdb', 1000)).toBe('LIMIT (SELECT 1000)');
    expect(streamedLimitClause('postgresql', 1000)).toBeNull();
    expect(streamedLimitClause('duckdb', -1)).toBeNull();
    expect(streamedLimitClause('duckdb', 1.5)).toBeNull();
    expect(streamedLimitClause('duckdb', Number.MAX_SAFE_INTEGER + 1)).toBeNull();
  });

  it('keeps DuckDB from planning the limit as a late materialisation, with the same rows in order', async () => {
    const constant = `${select}\nLIMIT 1000`;
    const streamed = `${select}\n${streamedLimitClause('duckdb', 1000)}`;
    // If this DuckDB no longer plans the constant limit so, the subquery has no reason left.
    expect(await plan(constant)).toMatch(/SEMI/);
    expect(await plan(streamed)).not.toMatch(/SEMI|HASH_JOIN|ORDER_BY/);
    const expected = await rows(constant);
    expect(expected).toHaveLength(1000);
    expect(await rows(streamed)).toEqual(expected);
  });
});
