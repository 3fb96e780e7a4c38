import { expect } from 'vitest';
import type { TestApp } from '../../testing/testApp.ts';
import { type Request, tableFormData, type World } from '../charts/testFixtures.ts';

/** Helpers the dashboards suites share: charts, dashboards and layouts to save. */

export async function createChart(
  request: Request,
  headers: World['admin'],
  datasetId: number,
  name: string,
): Promise<number> {
  const response = await request('POST', '/api/v1/chart/', headers, {
    slice_name: name,
    viz_type: 'table',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(tableFormData(datasetId)),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}

export async function createDashboard(
  request: Request,
  headers: World['admin'],
  body: Record<string, unknown>,
): Promise<number> {
  const response = await request('POST', '/api/v1/dashboard/', headers, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}

/** A grid layout with one row holding the given charts. */
export function layoutWith(chartIds: number[]): string {
  const chartNodes = Object.fromEntries(
    chartIds.map((id) => [
      `CHART-${id}`,
      {
        id: `CHART-${id}`,
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
        meta: { chartId: id, width: 4, height: 50, uuid: `uuid-${id}` },
      },
    ]),
  );
  return JSON.stringify({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': {
      id: 'ROW-1',
      type: 'ROW',
      children: chartIds.map((id) => `CHART-${id}`),
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    ...chartNodes,
  });
}

export async function chartIdsOf(harness: TestApp, dashboardId: number): Promise<number[]> {
  const rows = await harness.ctx.metastore.db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .orderBy('slice_id')
    .execute();
  return rows.map((row) => row.slice_id);
}

export async function roleId(harness: TestApp, name: string): Promise<number> {
  const row = await harness.ctx.metastore.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Runs `body` with a feature flag set, then puts the flag back. */
export async function withFlag(harness: TestApp, flag: string, body: () => Promise<void>): Promise<void> {
  const flags = harness.ctx.config.featureFlags;
  const before = flags[flag];
  flags[flag] = true;
  try {
    await body();
  } finally {
    if (before === undefined) delete flags[flag];
    else flags[flag] = before;
  }
}
