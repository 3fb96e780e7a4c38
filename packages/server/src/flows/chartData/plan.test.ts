import { normalizeQueryContext } from '@vitrina/common';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { QueryResult } from '../../drivers/driver.ts';
import type { AppContext } from '../../http/types.ts';
import { createPlatform } from '../../platform/index.ts';
import { Metrics } from '../../platform/metrics/metrics.ts';
import type { Principal } from '../../security/principal.ts';
import { rlsCacheKeyPart } from '../../security/rowLevelSecurity.ts';
import { allCached } from './asyncQueries.ts';
import { readCached } from './cache.ts';
import type { LoadedDatasource } from './datasource.ts';
import { planChartQueries } from './plan.ts';
import type { ChartDataRun } from './run.ts';
import { runPlanned } from './service.ts';

/**
 * The plan is the one place a chart query is compiled and keyed: the same input gives the same key,
 * whatever decides the answer (row-level security, filters, the resolved time range) changes it, and
 * the key the cache check reads is the key the run writes.
 */

const platform = createPlatform({ redisUrl: null });
// Only the platform and the configuration are read by the cache and the run.
const ctx = { platform, config: loadConfig({ LOG_LEVEL: 'silent' }), metrics: new Metrics() } as AppContext;
afterAll(() => platform.close());

const alice: Principal = {
  id: 7,
  username: 'alice',
  roles: ['Gamma'],
  permissions: new Set(),
  isAdmin: false,
};
const NOW = new Date('2024-06-15T12:00:00Z');

const rows: QueryResult = {
  columns: [
    { name: 'city', type: 'VARCHAR' },
    { name: 'total', type: 'DOUBLE' },
  ],
  rows: [['Berlin', 6.5]],
};

function source(rlsClauses: string[] = []): LoadedDatasource {
  const execute = vi.fn(async () => rows);
  return {
    dataset: { id: 3, changed_on: '2024-01-01T00:00:00', cache_timeout: null, table_name: 'orders' },
    database: { id: 1, changed_on: '2024-01-01T00:00:00', cache_timeout: null, extra: null },
    columns: [],
    compilerDataset: {
      table_name: 'orders',
      catalog: null,
      schema: null,
      sql: null,
      template_params: null,
      fetch_values_predicate: null,
      columns: [
        { column_name: 'city', expression: null, is_dttm: false },
        { column_name: 'amount', expression: null, is_dttm: false },
        { column_name: 'ordered_at', expression: null, is_dttm: true },
      ],
      metrics: [],
    },
    dialect: getDialect('duckdb'),
    connection: { execute },
    rlsClauses,
    rlsKey: rlsCacheKeyPart(rlsClauses),
    sqlPolicy: { checkCompiled: async () => undefined },
    name: 'orders',
  } as unknown as LoadedDatasource;
}

const totalByCity = { expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'total' };

function run(query: Record<string, unknown> = {}, rlsClauses: string[] = []): ChartDataRun {
  return {
    context: normalizeQueryContext(
      {
        datasource: { id: 3, type: 'table' },
        queries: [{ columns: ['city'], metrics: [totalByCity], granularity: 'ordered_at', ...query }],
        result_type: 'full',
        result_format: 'json',
      },
      { maxRowLimit: 100_000 },
    ),
    principal: alice,
    source: source(rlsClauses),
    timeoutMs: 60_000,
    samplesRowLimit: 1000,
    maxRowLimit: 100_000,
    allowCustomSql: true,
  };
}

const keyOf = (chart: ChartDataRun, now = NOW) => planChartQueries(chart, now).queries[0]?.key;

describe('chart query plan', () => {
  it('gives the same key for the same input', () => {
    const key = keyOf(run({ time_range: 'Last week' }));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(run({ time_range: 'Last week' }))).toBe(key);
  });

  it('changes the key with the row-level security, a filter or the time range', () => {
    const base = keyOf(run({ time_range: 'Last week' }));
    const changed = [
      keyOf(run({ time_range: 'Last week' }, ["city = 'Berlin'"])),
      keyOf(run({ time_range: 'Last week', filters: [{ col: 'city', op: '==', val: 'Berlin' }] })),
      keyOf(run({ time_range: 'Last month' })),
      // A relative range resolved at another instant is another query.
      keyOf(run({ time_range: 'Last week' }), new Date('2024-06-16T12:00:00Z')),
    ];
    for (const key of changed) expect(key).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it('plans the shifted query of each time offset, and none for result types that run nothing', () => {
    const plan = planChartQueries(run({ time_range: 'Last week', time_offsets: ['1 year ago'] }), NOW);
    expect(plan.queries[0]?.offsets.map((offset) => offset.offset)).toEqual(['1 year ago']);
    expect(plan.queries[0]?.offsets[0]?.compiled.sql).not.toBe(plan.queries[0]?.compiled.sql);
    const columns = run();
    columns.context = { ...columns.context, result_type: 'columns' };
    expect(planChartQueries(columns, NOW).queries).toEqual([]);
  });

  it('checks the cache under the key the run writes', async () => {
    const chart = run({ time_range: 'Last week' });
    const plan = planChartQueries(chart, NOW);
    const planned = plan.queries[0];
    if (!planned) throw new Error('no planned query');
    expect(await allCached(ctx, plan)).toBe(false);
    const { entry, fromCache } = await runPlanned(ctx, plan, planned);
    expect(fromCache).toBe(false);
    expect(entry.result.cache_key).toBe(planned.key);
    expect(await readCached(ctx, planned.key)).toEqual(entry);
    expect(await allCached(ctx, plan)).toBe(true);
    // The run executed the plan's SQL, not a second compilation of its own.
    expect(chart.source.connection.execute).toHaveBeenCalledWith(planned.compiled.sql, expect.anything());
  });
});
