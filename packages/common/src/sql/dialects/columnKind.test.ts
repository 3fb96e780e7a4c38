import { describe, expect, it } from 'vitest';
import type { ColumnKind } from '../dialect.ts';
import type { EngineName } from '../engines.ts';
import { dialects } from './index.ts';

/** Type names as each engine reports them for a result column, and what an export writer makes of them. */
const CASES: Record<EngineName, Array<[nativeType: string, expected: ColumnKind]>> = {
  duckdb: [
    ['INTEGER', 'number'],
    ['DECIMAL(38,2)', 'number'],
    ['DATE', 'date'],
    ['TIMESTAMP', 'timestamp'],
    ['TIMESTAMP WITH TIME ZONE', 'timestamp'],
    ['BOOLEAN', 'boolean'],
    ['VARCHAR', 'text'],
    ['INTEGER[]', 'text'],
    ['', 'unknown'],
  ],
  sqlite: [
    ['INTEGER', 'number'],
    ['DATE', 'date'],
    ['DATETIME', 'timestamp'],
    ['TEXT', 'text'],
    ['', 'unknown'],
  ],
  postgresql: [
    ['int4', 'number'],
    ['numeric', 'number'],
    ['date', 'date'],
    ['timestamptz', 'timestamp'],
    ['bool', 'boolean'],
    ['jsonb', 'text'],
  ],
  mysql: [
    ['BIGINT', 'number'],
    ['DATE', 'date'],
    ['DATETIME', 'timestamp'],
    ['VARCHAR', 'text'],
  ],
  clickhouse: [
    ['UInt64', 'number'],
    ['Nullable(Date32)', 'date'],
    ['LowCardinality(Nullable(Date))', 'date'],
    ["DateTime64(3, 'UTC')", 'timestamp'],
    ['Bool', 'boolean'],
    ['LowCardinality(String)', 'text'],
  ],
  trino: [
    ['bigint', 'number'],
    ['decimal(10,2)', 'number'],
    ['date', 'date'],
    ['timestamp(3) with time zone', 'timestamp'],
    ['boolean', 'boolean'],
    ['varchar(10)', 'text'],
  ],
};

describe('columnKind', () => {
  for (const [engine, cases] of Object.entries(CASES) as Array<[EngineName, (typeof CASES)[EngineName]]>) {
    it.each(cases)(`${engine}: %s is %s`, (nativeType, expected) => {
      expect(dialects[engine].columnKind(nativeType)).toBe(expected);
    });
  }
});
