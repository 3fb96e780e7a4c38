import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../dialect.ts';
import { ENGINES, type EngineName } from '../engines.ts';
import { dialects } from './index.ts';

/** One case, its SQL in every engine: a missing engine is a type error. Time grains: golden.timeGrains.test.ts. */
interface GoldenCase {
  name: string;
  sql: (dialect: SqlDialect) => string | null;
  expected: Record<EngineName, string | null>;
}

const CASES: GoldenCase[] = [
  {
    name: 'quotes a plain name',
    sql: (d) => d.quoteIdentifier('orders'),
    expected: {
      duckdb: '"orders"',
      sqlite: '"orders"',
      postgresql: '"orders"',
      mysql: '`orders`',
      clickhouse: '`orders`',
      trino: '"orders"',
    },
  },
  {
    name: 'quotes a name with a space',
    sql: (d) => d.quoteIdentifier('order date'),
    expected: {
      duckdb: '"order date"',
      sqlite: '"order date"',
      postgresql: '"order date"',
      mysql: '`order date`',
      clickhouse: '`order date`',
      trino: '"order date"',
    },
  },
  {
    name: 'doubles embedded double quotes',
    sql: (d) => d.quoteIdentifier('say "hi"'),
    expected: {
      duckdb: '"say ""hi"""',
      sqlite: '"say ""hi"""',
      postgresql: '"say ""hi"""',
      mysql: '`say "hi"`',
      clickhouse: '`say "hi"`',
      trino: '"say ""hi"""',
    },
  },
  {
    name: 'escapes embedded backticks',
    sql: (d) => d.quoteIdentifier('back`tick'),
    expected: {
      duckdb: '"back`tick"',
      sqlite: '"back`tick"',
      postgresql: '"back`tick"',
      mysql: '`back``tick`',
      clickhouse: '`back``tick`',
      trino: '"back`tick"',
    },
  },
  {
    name: 'keeps backslashes harmless',
    sql: (d) => d.quoteIdentifier('back\\slash'),
    expected: {
      duckdb: '"back\\slash"',
      sqlite: '"back\\slash"',
      postgresql: '"back\\slash"',
      mysql: '`back\\slash`',
      clickhouse: '`back\\\\slash`',
      trino: '"back\\slash"',
    },
  },
  {
    name: 'keeps Cyrillic, dots and apostrophes inside one identifier',
    sql: (d) => d.quoteIdentifier("Цена.за'шт"),
    expected: {
      duckdb: '"Цена.за\'шт"',
      sqlite: '"Цена.за\'шт"',
      postgresql: '"Цена.за\'шт"',
      mysql: "`Цена.за'шт`",
      clickhouse: "`Цена.за'шт`",
      trino: '"Цена.за\'шт"',
    },
  },
  {
    name: 'qualifies a bare table',
    sql: (d) => d.qualifiedTable({ table: 'orders' }),
    expected: {
      duckdb: '"orders"',
      sqlite: '"orders"',
      postgresql: '"orders"',
      mysql: '`orders`',
      clickhouse: '`orders`',
      trino: '"orders"',
    },
  },
  {
    name: 'qualifies schema.table',
    sql: (d) => d.qualifiedTable({ schema: 'public', table: 'orders' }),
    expected: {
      duckdb: '"public"."orders"',
      sqlite: '"public"."orders"',
      postgresql: '"public"."orders"',
      mysql: '`public`.`orders`',
      clickhouse: '`public`.`orders`',
      trino: '"public"."orders"',
    },
  },
  {
    name: 'qualifies catalog.schema.table',
    sql: (d) => d.qualifiedTable({ catalog: 'hive', schema: 'sales', table: 'orders' }),
    expected: {
      duckdb: '"hive"."sales"."orders"',
      sqlite: '"hive"."sales"."orders"',
      postgresql: '"hive"."sales"."orders"',
      mysql: '`hive`.`sales`.`orders`',
      clickhouse: '`hive`.`sales`.`orders`',
      trino: '"hive"."sales"."orders"',
    },
  },
  {
    name: 'leaves out null and empty parts',
    sql: (d) => d.qualifiedTable({ catalog: null, schema: '', table: 'my table' }),
    expected: {
      duckdb: '"my table"',
      sqlite: '"my table"',
      postgresql: '"my table"',
      mysql: '`my table`',
      clickhouse: '`my table`',
      trino: '"my table"',
    },
  },
  {
    name: 'writes a string with a quote',
    sql: (d) => d.literal("it's"),
    expected: {
      duckdb: "'it''s'",
      sqlite: "'it''s'",
      postgresql: "'it''s'",
      mysql: "'it''s'",
      clickhouse: "'it\\'s'",
      trino: "'it''s'",
    },
  },
  {
    name: 'writes a string with backslashes and a quote',
    sql: (d) => d.literal("C:\\dir\\'x"),
    expected: {
      duckdb: "'C:\\dir\\''x'",
      sqlite: "'C:\\dir\\''x'",
      postgresql: "'C:\\dir\\''x'",
      mysql: "'C:\\\\dir\\\\''x'",
      clickhouse: "'C:\\\\dir\\\\\\'x'",
      trino: "'C:\\dir\\''x'",
    },
  },
  {
    name: 'writes Cyrillic text as is',
    sql: (d) => d.literal('Москва'),
    expected: {
      duckdb: "'Москва'",
      sqlite: "'Москва'",
      postgresql: "'Москва'",
      mysql: "'Москва'",
      clickhouse: "'Москва'",
      trino: "'Москва'",
    },
  },
  {
    name: 'writes numbers',
    sql: (d) => [42, -3.5, 1e21].map(d.literal).join(', '),
    expected: {
      duckdb: '42, -3.5, 1e+21',
      sqlite: '42, -3.5, 1e+21',
      postgresql: '42, -3.5, 1e+21',
      mysql: '42, -3.5, 1e+21',
      clickhouse: '42, -3.5, 1e+21',
      trino: '42, -3.5, 1e+21',
    },
  },
  {
    name: 'writes bigints in full',
    sql: (d) => d.literal(12345678901234567890n),
    expected: {
      duckdb: '12345678901234567890',
      sqlite: '12345678901234567890',
      postgresql: '12345678901234567890',
      mysql: '12345678901234567890',
      clickhouse: '12345678901234567890',
      trino: '12345678901234567890',
    },
  },
  {
    name: 'writes booleans',
    sql: (d) => `${d.literal(true)} ${d.literal(false)}`,
    expected: {
      duckdb: 'TRUE FALSE',
      sqlite: '1 0',
      postgresql: 'TRUE FALSE',
      mysql: 'TRUE FALSE',
      clickhouse: 'true false',
      trino: 'TRUE FALSE',
    },
  },
  {
    name: 'writes NULL',
    sql: (d) => d.literal(null),
    expected: {
      duckdb: 'NULL',
      sqlite: 'NULL',
      postgresql: 'NULL',
      mysql: 'NULL',
      clickhouse: 'NULL',
      trino: 'NULL',
    },
  },
  {
    name: 'writes a Date in UTC with milliseconds',
    sql: (d) => d.literal(new Date('2024-05-06T07:08:09.123Z')),
    expected: {
      duckdb: "TIMESTAMP '2024-05-06 07:08:09.123'",
      sqlite: "'2024-05-06 07:08:09.123'",
      postgresql: "TIMESTAMP '2024-05-06 07:08:09.123'",
      mysql: "TIMESTAMP '2024-05-06 07:08:09.123'",
      clickhouse: "toDateTime64('2024-05-06 07:08:09.123', 3, 'UTC')",
      trino: "TIMESTAMP '2024-05-06 07:08:09.123'",
    },
  },
  {
    name: 'writes a whole-second Date without milliseconds',
    sql: (d) => d.literal(new Date('2024-05-06T00:00:00+03:00')),
    expected: {
      duckdb: "TIMESTAMP '2024-05-05 21:00:00'",
      sqlite: "'2024-05-05 21:00:00'",
      postgresql: "TIMESTAMP '2024-05-05 21:00:00'",
      mysql: "TIMESTAMP '2024-05-05 21:00:00'",
      clickhouse: "toDateTime('2024-05-05 21:00:00', 'UTC')",
      trino: "TIMESTAMP '2024-05-05 21:00:00'",
    },
  },
  {
    name: 'converts epoch seconds',
    sql: (d) => d.epochToTimestamp('ts', 'seconds'),
    expected: {
      duckdb: 'EPOCH_MS(CAST(CAST(ts AS DOUBLE) * 1000 AS BIGINT))',
      sqlite: "DATETIME(ts, 'unixepoch')",
      postgresql: "(TIMESTAMP 'epoch' + (ts) * INTERVAL '1 second')",
      mysql: 'FROM_UNIXTIME(ts)',
      clickhouse: "toDateTime(ts, 'UTC')",
      trino: "from_unixtime(ts, 'UTC')",
    },
  },
  {
    name: 'converts epoch milliseconds',
    sql: (d) => d.epochToTimestamp('ts', 'milliseconds'),
    expected: {
      duckdb: 'EPOCH_MS(CAST(ts AS BIGINT))',
      sqlite: "DATETIME((ts) / 1000.0, 'unixepoch')",
      postgresql: "(TIMESTAMP 'epoch' + (ts) * INTERVAL '1 millisecond')",
      mysql: 'FROM_UNIXTIME((ts) / 1000)',
      clickhouse: "fromUnixTimestamp64Milli(toInt64(ts), 'UTC')",
      trino: "from_unixtime(CAST(ts AS DOUBLE) / 1000, 'UTC')",
    },
  },
  {
    name: 'limits',
    sql: (d) => d.limitClause(100),
    expected: {
      duckdb: 'LIMIT 100',
      sqlite: 'LIMIT 100',
      postgresql: 'LIMIT 100',
      mysql: 'LIMIT 100',
      clickhouse: 'LIMIT 100',
      trino: 'LIMIT 100',
    },
  },
  {
    name: 'limits with an offset',
    sql: (d) => d.limitClause(10, 20),
    expected: {
      duckdb: 'LIMIT 10 OFFSET 20',
      sqlite: 'LIMIT 10 OFFSET 20',
      postgresql: 'LIMIT 10 OFFSET 20',
      mysql: 'LIMIT 10 OFFSET 20',
      clickhouse: 'LIMIT 10 OFFSET 20',
      trino: 'OFFSET 20 LIMIT 10',
    },
  },
  {
    name: 'leaves out a zero offset',
    sql: (d) => d.limitClause(10, 0),
    expected: {
      duckdb: 'LIMIT 10',
      sqlite: 'LIMIT 10',
      postgresql: 'LIMIT 10',
      mysql: 'LIMIT 10',
      clickhouse: 'LIMIT 10',
      trino: 'LIMIT 10',
    },
  },
  {
    name: 'previews a table with its columns',
    sql: (d) => d.selectStar({ schema: 'public', table: 'orders' }, ['id', 'order date'], 100),
    expected: {
      duckdb: 'SELECT "id",\n       "order date"\nFROM "public"."orders"\nLIMIT 100',
      sqlite: 'SELECT "id",\n       "order date"\nFROM "public"."orders"\nLIMIT 100',
      postgresql: 'SELECT "id",\n       "order date"\nFROM "public"."orders"\nLIMIT 100',
      mysql: 'SELECT `id`,\n       `order date`\nFROM `public`.`orders`\nLIMIT 100',
      clickhouse: 'SELECT `id`,\n       `order date`\nFROM `public`.`orders`\nLIMIT 100',
      trino: 'SELECT "id",\n       "order date"\nFROM "public"."orders"\nLIMIT 100',
    },
  },
  {
    name: 'previews a table whose columns are unknown',
    sql: (d) => d.selectStar({ table: 'orders' }, [], 5),
    expected: {
      duckdb: 'SELECT *\nFROM "orders"\nLIMIT 5',
      sqlite: 'SELECT *\nFROM "orders"\nLIMIT 5',
      postgresql: 'SELECT *\nFROM "orders"\nLIMIT 5',
      mysql: 'SELECT *\nFROM `orders`\nLIMIT 5',
      clickhouse: 'SELECT *\nFROM `orders`\nLIMIT 5',
      trino: 'SELECT *\nFROM "orders"\nLIMIT 5',
    },
  },
  {
    name: 'explains a query',
    sql: (d) => d.explainStatement('SELECT 1'),
    expected: {
      duckdb: 'EXPLAIN SELECT 1',
      sqlite: null,
      postgresql: 'EXPLAIN SELECT 1',
      mysql: 'EXPLAIN SELECT 1',
      clickhouse: 'EXPLAIN ESTIMATE SELECT 1',
      trino: 'EXPLAIN (TYPE IO, FORMAT JSON) SELECT 1',
    },
  },
  {
    name: 'numbers parameters',
    sql: (d) => `${d.parameterPlaceholder(1)}, ${d.parameterPlaceholder(2)}`,
    expected: {
      duckdb: '$1, $2',
      sqlite: '?, ?',
      postgresql: '$1, $2',
      mysql: '?, ?',
      clickhouse: '{p1:String}, {p2:String}',
      trino: '?, ?',
    },
  },
];

describe.each(CASES)('$name', ({ sql, expected }) => {
  it.each(ENGINES)('%s', (engine) => {
    expect(sql(dialects[engine])).toBe(expected[engine]);
  });
});
