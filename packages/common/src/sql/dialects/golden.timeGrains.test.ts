import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines.ts';
import { TIME_GRAINS, type TimeGrain } from '../timeGrains.ts';
import { dialects } from './index.ts';

/**
 * Golden SQL for every time grain in every dialect, the column being `ts`. The DuckDB, SQLite,
 * PostgreSQL and MySQL expressions were checked against the real engines (see
 * server/src/drivers/dialectConformance.test.ts for the embedded ones).
 */
const GOLDEN: Record<TimeGrain, Record<EngineName, string | null>> = {
  PT1S: {
    duckdb: "DATE_TRUNC('second', ts)",
    sqlite: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', ts))",
    postgresql: "DATE_TRUNC('second', ts)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 3600 + MINUTE(ts) * 60 + SECOND(ts)) SECOND)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 1 SECOND)',
    trino: "date_trunc('second', CAST(ts AS TIMESTAMP))",
  },
  PT5S: {
    duckdb: "TIME_BUCKET(INTERVAL '5 seconds', ts)",
    sqlite:
      "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', ts), printf('-%d seconds', CAST(STRFTIME('%S', ts) AS INT) % 5))",
    postgresql: "DATE_TRUNC('minute', ts) + INTERVAL '5 seconds' * FLOOR(EXTRACT(SECOND FROM ts) / 5)",
    mysql:
      'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 3600 + MINUTE(ts) * 60 + SECOND(ts) - SECOND(ts) % 5) SECOND)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 5 SECOND)',
    trino:
      "date_add('second', -(second(CAST(ts AS TIMESTAMP)) % 5), date_trunc('second', CAST(ts AS TIMESTAMP)))",
  },
  PT30S: {
    duckdb: "TIME_BUCKET(INTERVAL '30 seconds', ts)",
    sqlite:
      "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', ts), printf('-%d seconds', CAST(STRFTIME('%S', ts) AS INT) % 30))",
    postgresql: "DATE_TRUNC('minute', ts) + INTERVAL '30 seconds' * FLOOR(EXTRACT(SECOND FROM ts) / 30)",
    mysql:
      'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 3600 + MINUTE(ts) * 60 + SECOND(ts) - SECOND(ts) % 30) SECOND)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 30 SECOND)',
    trino:
      "date_add('second', -(second(CAST(ts AS TIMESTAMP)) % 30), date_trunc('second', CAST(ts AS TIMESTAMP)))",
  },
  PT1M: {
    duckdb: "DATE_TRUNC('minute', ts)",
    sqlite: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', ts))",
    postgresql: "DATE_TRUNC('minute', ts)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 60 + MINUTE(ts)) MINUTE)',
    clickhouse: 'toStartOfMinute(toDateTime(ts))',
    trino: "date_trunc('minute', CAST(ts AS TIMESTAMP))",
  },
  PT5M: {
    duckdb: "TIME_BUCKET(INTERVAL '5 minutes', ts)",
    sqlite:
      "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', ts), printf('-%d minutes', CAST(STRFTIME('%M', ts) AS INT) % 5))",
    postgresql: "DATE_TRUNC('hour', ts) + INTERVAL '5 minutes' * FLOOR(EXTRACT(MINUTE FROM ts) / 5)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 60 + MINUTE(ts) - MINUTE(ts) % 5) MINUTE)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 5 MINUTE)',
    trino:
      "date_add('minute', -(minute(CAST(ts AS TIMESTAMP)) % 5), date_trunc('minute', CAST(ts AS TIMESTAMP)))",
  },
  PT10M: {
    duckdb: "TIME_BUCKET(INTERVAL '10 minutes', ts)",
    sqlite:
      "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', ts), printf('-%d minutes', CAST(STRFTIME('%M', ts) AS INT) % 10))",
    postgresql: "DATE_TRUNC('hour', ts) + INTERVAL '10 minutes' * FLOOR(EXTRACT(MINUTE FROM ts) / 10)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 60 + MINUTE(ts) - MINUTE(ts) % 10) MINUTE)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 10 MINUTE)',
    trino:
      "date_add('minute', -(minute(CAST(ts AS TIMESTAMP)) % 10), date_trunc('minute', CAST(ts AS TIMESTAMP)))",
  },
  PT15M: {
    duckdb: "TIME_BUCKET(INTERVAL '15 minutes', ts)",
    sqlite:
      "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', ts), printf('-%d minutes', CAST(STRFTIME('%M', ts) AS INT) % 15))",
    postgresql: "DATE_TRUNC('hour', ts) + INTERVAL '15 minutes' * FLOOR(EXTRACT(MINUTE FROM ts) / 15)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 60 + MINUTE(ts) - MINUTE(ts) % 15) MINUTE)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 15 MINUTE)',
    trino:
      "date_add('minute', -(minute(CAST(ts AS TIMESTAMP)) % 15), date_trunc('minute', CAST(ts AS TIMESTAMP)))",
  },
  PT30M: {
    duckdb: "TIME_BUCKET(INTERVAL '30 minutes', ts)",
    sqlite:
      "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', ts), printf('-%d minutes', CAST(STRFTIME('%M', ts) AS INT) % 30))",
    postgresql: "DATE_TRUNC('hour', ts) + INTERVAL '30 minutes' * FLOOR(EXTRACT(MINUTE FROM ts) / 30)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) * 60 + MINUTE(ts) - MINUTE(ts) % 30) MINUTE)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 30 MINUTE)',
    trino:
      "date_add('minute', -(minute(CAST(ts AS TIMESTAMP)) % 30), date_trunc('minute', CAST(ts AS TIMESTAMP)))",
  },
  PT1H: {
    duckdb: "DATE_TRUNC('hour', ts)",
    sqlite: "DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', ts))",
    postgresql: "DATE_TRUNC('hour', ts)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL HOUR(ts) HOUR)',
    clickhouse: 'toStartOfHour(toDateTime(ts))',
    trino: "date_trunc('hour', CAST(ts AS TIMESTAMP))",
  },
  PT6H: {
    duckdb: "TIME_BUCKET(INTERVAL '6 hours', ts)",
    sqlite:
      "DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', ts), printf('-%d hours', CAST(STRFTIME('%H', ts) AS INT) % 6))",
    postgresql: "DATE_TRUNC('day', ts) + INTERVAL '6 hours' * FLOOR(EXTRACT(HOUR FROM ts) / 6)",
    mysql: 'DATE_ADD(DATE(ts), INTERVAL (HOUR(ts) - HOUR(ts) % 6) HOUR)',
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 6 HOUR)',
    trino: "date_add('hour', -(hour(CAST(ts AS TIMESTAMP)) % 6), date_trunc('hour', CAST(ts AS TIMESTAMP)))",
  },
  P1D: {
    duckdb: "DATE_TRUNC('day', ts)",
    sqlite: "DATETIME(ts, 'start of day')",
    postgresql: "DATE_TRUNC('day', ts)",
    mysql: 'DATE(ts)',
    clickhouse: 'toStartOfDay(toDateTime(ts))',
    trino: "date_trunc('day', CAST(ts AS TIMESTAMP))",
  },
  P7D: {
    duckdb:
      "DATE_TRUNC('day', ts) - TO_DAYS(CAST(((CAST(ts AS DATE) - DATE '1970-01-01') % 7 + 7) % 7 AS INTEGER))",
    sqlite:
      "DATETIME(ts, 'start of day', printf('-%d days', (CAST(JULIANDAY(ts, 'start of day') - 2440587.5 AS INTEGER) % 7 + 7) % 7))",
    postgresql:
      "DATE_TRUNC('day', ts) - ((CAST(ts AS DATE) - DATE '1970-01-01') % 7 + 7) % 7 * INTERVAL '1 day'",
    mysql: "DATE_SUB(DATE(ts), INTERVAL ((DATEDIFF(ts, '1970-01-01') % 7 + 7) % 7) DAY)",
    clickhouse: 'toStartOfInterval(toDateTime(ts), INTERVAL 7 DAY)',
    trino:
      "date_add('day', -((date_diff('day', DATE '1970-01-01', CAST(ts AS DATE)) % 7 + 7) % 7), date_trunc('day', CAST(ts AS TIMESTAMP)))",
  },
  P1W: {
    duckdb: "DATE_TRUNC('week', ts)",
    sqlite: "DATETIME(ts, 'start of day', -STRFTIME('%w', ts) || ' days')",
    postgresql: "DATE_TRUNC('week', ts)",
    mysql: 'DATE(DATE_SUB(ts, INTERVAL DAYOFWEEK(ts) - 1 DAY))',
    clickhouse: 'toMonday(toDateTime(ts))',
    trino: "date_trunc('week', CAST(ts AS TIMESTAMP))",
  },
  P1M: {
    duckdb: "DATE_TRUNC('month', ts)",
    sqlite: "DATETIME(ts, 'start of month')",
    postgresql: "DATE_TRUNC('month', ts)",
    mysql: 'DATE(DATE_SUB(ts, INTERVAL DAYOFMONTH(ts) - 1 DAY))',
    clickhouse: 'toStartOfMonth(toDateTime(ts))',
    trino: "date_trunc('month', CAST(ts AS TIMESTAMP))",
  },
  P3M: {
    duckdb: "DATE_TRUNC('quarter', ts)",
    sqlite: "DATETIME(ts, 'start of month', printf('-%d months', (CAST(STRFTIME('%m', ts) AS INT) - 1) % 3))",
    postgresql: "DATE_TRUNC('quarter', ts)",
    mysql: 'MAKEDATE(YEAR(ts), 1) + INTERVAL QUARTER(ts) QUARTER - INTERVAL 1 QUARTER',
    clickhouse: 'toStartOfQuarter(toDateTime(ts))',
    trino: "date_trunc('quarter', CAST(ts AS TIMESTAMP))",
  },
  P1Y: {
    duckdb: "DATE_TRUNC('year', ts)",
    sqlite: "DATETIME(ts, 'start of year')",
    postgresql: "DATE_TRUNC('year', ts)",
    mysql: 'DATE(DATE_SUB(ts, INTERVAL DAYOFYEAR(ts) - 1 DAY))',
    clickhouse: 'toStartOfYear(toDateTime(ts))',
    trino: "date_trunc('year', CAST(ts AS TIMESTAMP))",
  },
  '1969-12-28T00:00:00Z/P1W': {
    duckdb: "DATE_TRUNC('week', ts + INTERVAL '1 day') - INTERVAL '1 day'",
    sqlite: "DATETIME(ts, 'start of day', '-6 days', 'weekday 0')",
    postgresql: "DATE_TRUNC('week', ts + INTERVAL '1 day') - INTERVAL '1 day'",
    mysql: 'DATE(DATE_SUB(ts, INTERVAL DAYOFWEEK(ts) - 1 DAY))',
    clickhouse: 'toStartOfWeek(toDateTime(ts), 0)',
    trino: "date_add('day', -1, date_trunc('week', date_add('day', 1, CAST(ts AS TIMESTAMP))))",
  },
  '1969-12-29T00:00:00Z/P1W': {
    duckdb: "DATE_TRUNC('week', ts)",
    sqlite: "DATETIME(ts, 'start of day', '-6 days', 'weekday 1')",
    postgresql: "DATE_TRUNC('week', ts)",
    mysql: 'DATE(DATE_SUB(ts, INTERVAL DAYOFWEEK(DATE_SUB(ts, INTERVAL 1 DAY)) - 1 DAY))',
    clickhouse: 'toStartOfWeek(toDateTime(ts), 1)',
    trino: "date_trunc('week', CAST(ts AS TIMESTAMP))",
  },
  'P1W/1970-01-03T00:00:00Z': {
    duckdb: "DATE_TRUNC('week', ts + INTERVAL '1 day') + INTERVAL '5 days'",
    sqlite: "DATETIME(ts, 'start of day', 'weekday 6')",
    postgresql: "DATE_TRUNC('week', ts + INTERVAL '1 day') + INTERVAL '5 days'",
    mysql: 'DATE(DATE_ADD(ts, INTERVAL 7 - DAYOFWEEK(ts) DAY))',
    clickhouse: 'addDays(toStartOfWeek(toDateTime(ts), 0), 6)',
    trino: "date_add('day', 5, date_trunc('week', date_add('day', 1, CAST(ts AS TIMESTAMP))))",
  },
  'P1W/1970-01-04T00:00:00Z': {
    duckdb: "DATE_TRUNC('week', ts) + INTERVAL '6 days'",
    sqlite: "DATETIME(ts, 'start of day', 'weekday 0')",
    postgresql: "DATE_TRUNC('week', ts) + INTERVAL '6 days'",
    mysql: 'DATE(DATE_ADD(ts, INTERVAL 6 - WEEKDAY(ts) DAY))',
    clickhouse: 'addDays(toStartOfWeek(toDateTime(ts), 1), 6)',
    trino: "date_add('day', 6, date_trunc('week', CAST(ts AS TIMESTAMP)))",
  },
};

describe.each(Object.values(dialects))('$displayName time grains', (dialect) => {
  it.each(TIME_GRAINS)('%s', (grain) => {
    expect(dialect.timeGrainExpression(grain, 'ts')).toBe(GOLDEN[grain][dialect.engine]);
  });

  it('offers exactly the grains it has an expression for, in TIME_GRAINS order', () => {
    expect(dialect.timeGrains()).toEqual(
      TIME_GRAINS.filter((grain) => GOLDEN[grain][dialect.engine] !== null),
    );
  });
});
