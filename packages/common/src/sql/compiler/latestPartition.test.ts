import { describe, expect, it } from 'vitest';
import { normalizeQueryObject } from '../../query/normalize.ts';
import type { QueryObject } from '../../query/types.ts';
import { dialects } from '../dialects/index.ts';
import { ENGINES } from '../engines.ts';
import { compileQuery } from './compileQuery.ts';
import { LatestPartitionError } from './latestPartition.ts';
import type { CompileOptions, CompilerDataset } from './types.ts';

const NOW = new Date('2024-06-01T00:00:00Z');

/** A table partitioned on `ds`; `region` is an ordinary column, `ds_text` a calculated one. */
const events: CompilerDataset = {
  table_name: 'events',
  schema: 'web',
  columns: [
    { column_name: 'ds', is_partition_key: true, is_dttm: true },
    { column_name: 'region' },
    { column_name: 'ds_text', expression: 'CAST(ds AS VARCHAR)', is_partition_key: true },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};

const latest = (col: QueryObject['columns'] extends (infer C)[] | undefined ? C : never): QueryObject => ({
  columns: ['region'],
  metrics: ['count'],
  filters: [{ col, op: 'LATEST PARTITION' }],
});

function compile(
  engine: keyof typeof dialects,
  raw: QueryObject,
  dataset: CompilerDataset = events,
  options: Partial<CompileOptions> = {},
) {
  return compileQuery(normalizeQueryObject(raw), dataset, dialects[engine], { now: NOW, ...options });
}

function refusal(fn: () => unknown): LatestPartitionError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LatestPartitionError) return error;
    throw error;
  }
  throw new Error('expected a LatestPartitionError');
}

describe('the LATEST PARTITION filter', () => {
  it.each([
    ['postgresql', `"ds" = (SELECT MAX("ds") FROM "web"."events")`],
    ['mysql', 'WHERE `ds` = (SELECT MAX(`ds`) FROM `web`.`events`)'],
    ['clickhouse', 'WHERE `ds` = (SELECT MAX(`ds`) FROM `web`.`events`)'],
  ] as const)('holds the partition column to its greatest value on %s', (engine, expected) => {
    const { sql, params } = compile(engine, latest('ds'));
    expect(sql).toContain(expected);
    expect(params).toEqual([]);
  });

  it('writes the whole statement on PostgreSQL', () => {
    expect(compile('postgresql', latest('ds')).sql).toBe(
      [
        'SELECT "region" AS "region", (COUNT(*)) AS "count"',
        'FROM "web"."events"',
        'WHERE "ds" = (SELECT MAX("ds") FROM "web"."events")',
        'GROUP BY "region"',
        'ORDER BY (COUNT(*)) DESC',
        'LIMIT 10000',
      ].join('\n'),
    );
  });

  it('accepts the column as a column reference too', () => {
    const { sql } = compile(
      'postgresql',
      latest({ sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', isColumnReference: true }),
    );
    expect(sql).toContain('WHERE "ds" = (SELECT MAX("ds") FROM "web"."events")');
  });

  it('reads the latest partition among the rows the caller may see: the sub-query carries the RLS clauses', () => {
    const { sql, userSql } = compile('postgresql', latest('ds'), events, { rlsClauses: ["region = 'EU'"] });
    expect(sql).toContain(
      `WHERE "ds" = (SELECT MAX("ds") FROM "web"."events" WHERE (region = 'EU')) AND (region = 'EU')`,
    );
    expect(userSql.filter((fragment) => fragment.field === 'rls')).toHaveLength(1);
  });

  it('binds the other filters around it in order', () => {
    const { sql, params } = compile('mysql', {
      ...latest('ds'),
      filters: [
        { col: 'region', op: '==', val: 'EU' },
        { col: 'ds', op: 'LATEST PARTITION' },
        { col: 'region', op: '!=', val: 'US' },
      ],
    });
    expect(sql).toContain(
      'WHERE `region` = ? AND `ds` = (SELECT MAX(`ds`) FROM `web`.`events`) AND `region` <> ?',
    );
    expect(params).toEqual(['EU', 'US']);
  });

  it.each(ENGINES.filter((engine) => !dialects[engine].capabilities.partitions))(
    'is refused on %s, which has no partitions',
    (engine) => {
      const error = refusal(() => compile(engine, latest('ds')));
      expect(error.reason).toBe('engine');
      expect(error.field).toBe('filters[0].op');
      expect(error.message).toBe(
        `The "LATEST PARTITION" filter is not supported for ${dialects[engine].displayName} databases`,
      );
    },
  );

  it('is offered by PostgreSQL, MySQL and ClickHouse only', () => {
    expect(ENGINES.filter((engine) => dialects[engine].capabilities.partitions)).toEqual([
      'postgresql',
      'mysql',
      'clickhouse',
    ]);
  });

  it.each([
    ['an ordinary column', latest('region'), events],
    ['a calculated column, even one marked', latest('ds_text'), events],
    ['an unknown column', latest('nope'), events],
    [
      'an adhoc SQL expression',
      latest({ sqlExpression: 'upper(region)', label: 'u', expressionType: 'SQL' }),
      events,
    ],
    ['a virtual dataset', latest('ds'), { ...events, sql: 'SELECT * FROM web.events' }],
  ])('is refused on %s, naming the column field', (_name, raw, dataset) => {
    const error = refusal(() => compile('postgresql', raw, dataset));
    expect(error.reason).toBe('column');
    expect(error.field).toBe('filters[0].col');
    expect(error.message).toMatch(/needs a partition column of the dataset's table/);
  });

  it('filters the series-limit sub-query as the main query', () => {
    const { sql } = compile('postgresql', { ...latest('ds'), series_limit: 2 });
    expect(sql.match(/SELECT MAX\("ds"\) FROM "web"."events"/g)).toHaveLength(2);
  });
});
