import path from 'node:path';
import type { AdhocFilter, FormData } from '@vitrina/common';
import { plugin } from '@vitrina/common/viz/popKpi/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { createRole, insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

/**
 * The chart data of a big number with time period comparison (pop_kpi), as its buildQuery asks for it:
 * one query with the shifted period as a time offset, or two queries for a custom comparison.
 */

/** One order on the 15th of every month of 2023 and 2024: amount = month (2023) or 10 × month (2024). */
function orderRows(): string[] {
  const rows: string[] = [];
  for (const year of [2023, 2024]) {
    for (let month = 1; month <= 12; month++) {
      const amount = month * (year === 2024 ? 10 : 1);
      rows.push(`(${amount}, TIMESTAMP '${year}-${String(month).padStart(2, '0')}-15 10:00:00')`);
    }
  }
  return rows;
}

const timeFilter = (range: string): AdhocFilter => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'placed_at',
  operator: 'TEMPORAL_RANGE',
  comparator: range,
});

describe('period comparison chart data', () => {
  let harness: TestApp;
  let admin: Headers;
  let outsider: Headers;
  let datasetId: number;

  const formData = (extra: Partial<FormData>): FormData => ({
    datasource: `${datasetId}__table`,
    viz_type: 'pop_kpi',
    metric: { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
    adhoc_filters: [timeFilter('2024-01-01 : 2025-01-01')],
    ...extra,
  });
  const post = (form: FormData, headers: Headers = admin) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: plugin.buildQuery(form) as unknown as Record<string, unknown>,
    });

  beforeAll(async () => {
    harness = await createTestApp();
    const file = path.join(harness.ctx.config.filesDir, 'periods.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run('CREATE TABLE orders (amount DOUBLE, placed_at TIMESTAMP)');
      await con.run(`INSERT INTO orders VALUES ${orderRows().join(', ')}`);
      await con.run('CHECKPOINT');
    });
    const databaseId = await insertDatabase(harness, { name: 'periodsdb', uri: `duckdb:///${file}` });
    admin = await harness.bearer(ADMIN.username, ADMIN.password);
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/dataset/',
      headers: admin,
      payload: { database: databaseId, table_name: 'orders' },
    });
    expect(created.statusCode).toBe(201);
    datasetId = created.json<{ id: number }>().id;
    await createRole(harness, 'period_outsider', [['can_read', 'Chart']]);
    await harness.createUser({ username: 'periodoutsider', roles: ['period_outsider'] });
    outsider = await harness.bearer('periodoutsider', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('returns the year and the year before in one result', async () => {
    const response = await post(formData({ time_comparison: 'y' }));
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result;
    expect(entry.colnames).toEqual(['total', 'total__1 year ago']);
    expect(entry.data).toEqual([{ total: 780, 'total__1 year ago': 78 }]);
    expect(entry.from_dttm).toBe(Date.UTC(2024, 0, 1));
    const props = plugin.transformProps({
      formData: formData({ time_comparison: 'y' }),
      queriesData: response.json().result,
      width: 300,
      height: 200,
      datasource: { id: datasetId, type: 'table', columns: [], metrics: [], verboseMap: {} },
      locale: 'en',
    });
    expect(props).toMatchObject({ props: { headerText: '780', previousText: '78', percentText: '+900.0%' } });
  });

  it('inherits a range of the same length just before (two months before March–April)', async () => {
    const response = await post(
      formData({ time_comparison: 'r', adhoc_filters: [timeFilter('2024-03-01 : 2024-05-01')] }),
    );
    expect(response.statusCode).toBe(200);
    // 61 days back from March 1st reaches the end of December: January and February of 2024.
    expect(response.json().result[0].data).toEqual([{ total: 70, total__inherit: 30 }]);
  });

  it('returns the custom comparison period as a second result', async () => {
    const response = await post(
      formData({ time_comparison: 'c', adhoc_custom: [timeFilter('2023-01-01 : 2023-07-01')] }),
    );
    expect(response.statusCode).toBe(200);
    const [current, comparison] = response.json().result;
    expect(current.data).toEqual([{ total: 780 }]);
    expect(comparison.data).toEqual([{ total: 21 }]);
    expect(comparison.from_dttm).toBe(Date.UTC(2023, 0, 1));
    expect(comparison.to_dttm).toBe(Date.UTC(2023, 6, 1));
  });

  it('400 naming time_offsets when the current period has no end', async () => {
    const response = await post(formData({ time_comparison: 'y', adhoc_filters: [timeFilter('No filter')] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/time_offsets: An enclosed time range/);
  });

  it('403 without access to the dataset', async () => {
    const response = await post(formData({ time_comparison: 'y' }), outsider);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
  });
});
