import { normalizeQueryContext } from '@vitrina/common';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { describe, expect, it } from 'vitest';
import type { LoadedDatasource } from './datasource.ts';
import { streamedExportStatement } from './exportStatement.ts';
import { planChartQueries } from './plan.ts';
import type { ChartDataRun } from './run.ts';

/**
 * A streamed export of raw, unordered records on DuckDB spells its row limit as a scalar subquery
 * (drivers/streamedLimit.ts); every other statement runs as planned.
 */

const NOW = new Date('2024-06-15T12:00:00Z');

function run(query: Record<string, unknown>, engine = 'duckdb'): ChartDataRun {
  const source = {
    dataset: { id: 3, changed_on: '2024-01-01T00:00:00', cache_timeout: null, table_name: 'orders' },
    database: { id: 1, changed_on: '2024-01-01T00:00:00', cache_timeout: null, extra: null },
    columns: [{ column_name: 'city' }, { column_name: 'amount' }],
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
      ],
      metrics: [],
    },
    dialect: getDialect(engine),
    connection: {},
    rlsClauses: [],
    rlsKey: '',
    sqlPolicy: { checkCompiled: async () => undefined },
    name: 'orders',
  } as unknown as LoadedDatasource;
  return {
    context: normalizeQueryContext(
      {
        datasource: { id: 3, type: 'table' },
        queries: [{ columns: ['city', 'amount'], row_limit: 5000, ...query }],
        result_type: 'full',
        result_format: 'csv',
      },
      { maxRowLimit: 100_000 },
    ),
    principal: { id: 1, username: 'admin', roles: ['Admin'], permissions: new Set(), isAdmin: true },
    source,
    timeoutMs: 60_000,
    samplesRowLimit: 1000,
    maxRowLimit: 100_000,
    allowCustomSql: true,
  };
}

function statements(chart: ChartDataRun): { planned: string; streamed: string } {
  const planned = planChartQueries(chart, NOW).queries[0];
  if (!planned) throw new Error('no planned query');
  return { planned: planned.compiled.sql, streamed: streamedExportStatement(chart, planned).sql };
}

describe('streamed export statement', () => {
  it('spells the row limit of raw unordered records on DuckDB as a scalar subquery, nothing else changed', () => {
    const chart = run({ filters: [{ col: 'city', op: '==', val: "O'Hare" }] });
    const { planned, streamed } = statements(chart);
    expect(planned.endsWith('\nLIMIT 5000')).toBe(true);
    expect(streamed).toBe(`${planned.slice(0, -'LIMIT 5000'.length)}LIMIT (SELECT 5000)`);
    // The filter value stays a bound parameter.
    const query = planChartQueries(chart, NOW).queries[0];
    expect(query?.compiled.params).toEqual(["O'Hare"]);
    expect(streamed).not.toContain("O'Hare");
  });

  it('keeps the limit as compiled with an order, metrics, an offset, or on another engine', () => {
    const kept = [
      run({ orderby: [['amount', false]] }),
      run({ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'total' }] }),
      run({ metrics: [], columns: ['city'] }),
      run({ row_offset: 100 }),
      run({}, 'postgresql'),
    ];
    for (const chart of kept) {
      const { planned, streamed } = statements(chart);
      expect(streamed).toBe(planned);
    }
  });

  it('keeps the samples row limit of a samples export as the same subquery', () => {
    const chart = run({});
    chart.context = { ...chart.context, result_type: 'samples' };
    const { planned, streamed } = statements(chart);
    expect(planned.endsWith('\nLIMIT 1000')).toBe(true);
    expect(streamed.endsWith('\nLIMIT (SELECT 1000)')).toBe(true);
  });
});
