import path from 'node:path';
import { encodeRison } from '@vitrina/common';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { datasetPermissionView } from '../../security/dataAccess.ts';
import { createDatasetThroughApi, createRole, insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, type Headers, type TestApp } from '../../testing/testApp.ts';

/**
 * The world the charts, explore and dashboards suites work in: a small DuckDB `orders` table (and a
 * `secret` one) behind datasets, and users with different rights:
 *
 * - alice and bob: Gamma (build charts and dashboards) plus access to the orders dataset;
 * - carol: Gamma without any data access;
 * - viewer: readonly (reads everything, writes nothing).
 */

export const q = (value: unknown) => encodeURIComponent(encodeRison(value));

export const ORDERS = [
  [1, 'Москва', 10.5, '2024-01-01 10:00:00'],
  [2, 'Москва', 20, '2024-01-02 00:00:00'],
  [3, 'Berlin', 5, '2024-02-01 00:00:00'],
  [4, "St. John's", 7, '2024-03-01 00:00:00'],
  [5, 'Berlin', 1.5, '2024-03-15 12:30:00'],
  [6, null, 3, '2024-03-16 00:00:00'],
] as const;

export interface World {
  databaseId: number;
  ordersId: number;
  secretId: number;
  admin: Headers;
  alice: Headers;
  bob: Headers;
  carol: Headers;
  viewer: Headers;
  userIds: { admin: number; alice: number; bob: number; carol: number; viewer: number };
}

function parseBody(text: string) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** `request(method, url, headers, payload?)` → status, parsed body, headers and raw text. */
export function requester(harness: () => TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) => {
    const response = await harness().app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
    return {
      status: response.statusCode,
      body: parseBody(response.body),
      headers: response.headers,
      text: response.body,
    };
  };
}

export type Request = ReturnType<typeof requester>;

function sqlValue(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return String(value);
}

export async function buildWorld(harness: TestApp): Promise<World> {
  const file = path.join(harness.ctx.config.filesDir, 'charts_world.duckdb');
  await withDuckDb(file, async (con) => {
    await con.run('CREATE TABLE orders (id INTEGER, city VARCHAR, amount DOUBLE, placed_at TIMESTAMP)');
    for (const row of ORDERS) await con.run(`INSERT INTO orders VALUES (${row.map(sqlValue).join(', ')})`);
    await con.run('CREATE TABLE secret (x INTEGER)');
    await con.run('INSERT INTO secret VALUES (42)');
    await con.run('CHECKPOINT');
  });
  const databaseId = await insertDatabase(harness, { name: 'worlddb', uri: `duckdb:///${file}` });
  const admin = await harness.bearer(ADMIN.username, ADMIN.password);
  const createDataset = (table: string) => createDatasetThroughApi(harness, admin, databaseId, table);
  const ordersId = await createDataset('orders');
  const secretId = await createDataset('secret');
  await createRole(harness, 'orders_reader', [
    ['datasource_access', datasetPermissionView('worlddb', { id: ordersId, table_name: 'orders' })],
  ]);
  const userIds = {
    admin: 1,
    alice: await harness.createUser({ username: 'alice', roles: ['Gamma', 'orders_reader'] }),
    bob: await harness.createUser({ username: 'bob', roles: ['Gamma', 'orders_reader'] }),
    carol: await harness.createUser({ username: 'carol', roles: ['Gamma'] }),
    viewer: await harness.createUser({ username: 'viewer', roles: ['readonly'] }),
  };
  return {
    databaseId,
    ordersId,
    secretId,
    admin,
    alice: await harness.bearer('alice', 'password123'),
    bob: await harness.bearer('bob', 'password123'),
    carol: await harness.bearer('carol', 'password123'),
    viewer: await harness.bearer('viewer', 'password123'),
    userIds,
  };
}

/** A table chart's form data over the orders dataset: total amount per city. */
export function tableFormData(datasetId: number): Record<string, unknown> {
  return {
    datasource: `${datasetId}__table`,
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['city'],
    metrics: [
      { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
    ],
    adhoc_filters: [],
    row_limit: 100,
    order_desc: true,
  };
}

/** The query context a browser would save with that chart. */
export function tableQueryContext(datasetId: number): Record<string, unknown> {
  return {
    datasource: { id: datasetId, type: 'table' },
    force: false,
    queries: [
      {
        columns: ['city'],
        metrics: [
          { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
        ],
        orderby: [['total', false]],
        row_limit: 100,
      },
    ],
    form_data: tableFormData(datasetId),
    result_format: 'json',
    result_type: 'full',
  };
}
