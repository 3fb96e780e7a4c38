import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { withDuckDb } from '../drivers/exampleData/duckdbFile.ts';
import { insertDatabase } from './fixtures.ts';
import type { Headers, TestApp } from './testApp.ts';

/**
 * What a person saved before a fault, made through the API and read back through it after: a
 * dashboard, a chart on it, a saved query and a SQL Lab tab with its SQL. Fault tests call `save`
 * before the fault (and during it, for writes that must still land) and `expectSaved` after.
 */

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface SavedWork {
  dashboardId: number;
  chartId: number;
  savedQueryId: number;
  tabId: number;
  label: string;
}

export interface FaultWorld {
  databaseId: number;
  datasetId: number;
  /** POST /api/v1/chart/data for the world's dataset (not cached, so it reaches every store). */
  chartData(): Promise<LightMyRequestResponse>;
  save(label: string): Promise<SavedWork>;
  expectSaved(work: SavedWork): Promise<void>;
}

/** A DuckDB data file, its database and dataset, and the helpers above, for an admin's headers. */
export async function makeFaultWorld(harness: TestApp, admin: Headers): Promise<FaultWorld> {
  const file = path.join(harness.ctx.config.filesDir, 'faults.duckdb');
  await withDuckDb(file, async (con) => {
    await con.run('CREATE TABLE sales (city VARCHAR, amount DOUBLE)');
    await con.run("INSERT INTO sales VALUES ('Berlin', 1), ('Oslo', 2)");
    await con.run('CHECKPOINT');
  });
  const databaseId = await insertDatabase(harness, { name: 'faults', uri: `duckdb:///${file}` });
  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string) =>
    harness.app.inject({
      method,
      url,
      headers: typeof payload === 'string' ? { ...admin, ...FORM } : admin,
      ...(payload !== undefined && { payload: payload as string }),
    });
  const dataset = await inject('POST', '/api/v1/dataset/', { database: databaseId, table_name: 'sales' });
  expect(dataset.statusCode, dataset.body).toBe(201);
  const datasetId = dataset.json<{ id: number }>().id;

  const created = async (url: string, payload: object | string, status = 201) => {
    const response = await inject('POST', url, payload);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return response.json<{ id: number }>().id;
  };

  return {
    databaseId,
    datasetId,
    chartData: () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/chart/data',
        headers: admin,
        payload: {
          datasource: { id: datasetId, type: 'table' },
          queries: [{ columns: ['city'], metrics: ['count'], row_limit: 10 }],
          force: true,
        },
      }),
    async save(label) {
      const dashboardId = await created('/api/v1/dashboard/', { dashboard_title: `Board ${label}` });
      const chartId = await created('/api/v1/chart/', {
        slice_name: `Chart ${label}`,
        viz_type: 'table',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'table' }),
        dashboards: [dashboardId],
      });
      const savedQueryId = await created('/api/v1/saved_query/', {
        db_id: databaseId,
        label: `Query ${label}`,
        sql: `select '${label}'`,
      });
      const editor = { name: `Tab ${label}`, dbId: databaseId, schema: 'main', sql: `select '${label}'` };
      const tabId = await created(
        '/tabstateview/',
        new URLSearchParams({ queryEditor: JSON.stringify(editor) }).toString(),
        200,
      );
      return { dashboardId, chartId, savedQueryId, tabId, label };
    },
    async expectSaved(work) {
      const read = async (url: string) => {
        const response = await inject('GET', url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json<Record<string, unknown> & { result?: Record<string, unknown> }>();
      };
      expect((await read(`/api/v1/dashboard/${work.dashboardId}`)).result).toMatchObject({
        dashboard_title: `Board ${work.label}`,
      });
      const chart = (await read(`/api/v1/chart/${work.chartId}`)).result;
      expect(chart).toMatchObject({ slice_name: `Chart ${work.label}` });
      expect(chart?.dashboards).toEqual([expect.objectContaining({ id: work.dashboardId })]);
      expect((await read(`/api/v1/saved_query/${work.savedQueryId}`)).result).toMatchObject({
        label: `Query ${work.label}`,
        sql: `select '${work.label}'`,
      });
      expect(await read(`/tabstateview/${work.tabId}`)).toMatchObject({
        label: `Tab ${work.label}`,
        sql: `select '${work.label}'`,
      });
    },
  };
}
