import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRlsWorld,
  INSIDE_REGION,
  ONE_DATASET_ROLE,
  OUTSIDE_REGION,
  type RlsWorld,
} from '../testing/rlsWorld.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../testing/testApp.ts';

/**
 * What each role reads (issue 15, item 6): the built-in roles of catalog.ts, the onboarding roles, and
 * a custom role granting one dataset under row-level security (held with Gamma for the features).
 * Each row says what its user gets from the datasets list, a chart's data on each dataset, filter
 * options, and SQL Lab on the database — 'refused' is any 403.
 */

type Rows = 'all' | 'inside rule' | 'refused';
type Listing = 'both' | 'orders only' | 'none' | 'refused';

interface Expectation {
  roles: string[];
  datasets: Listing;
  ordersData: Rows;
  payrollData: 'read' | 'refused';
  filterOptions: Rows;
  sqlLab: 'runs' | 'refused';
}

const MATRIX: Record<string, Expectation> = {
  Admin: {
    roles: ['Admin'],
    datasets: 'both',
    ordersData: 'all',
    payrollData: 'read',
    filterOptions: 'all',
    sqlLab: 'runs',
  },
  Alpha: {
    roles: ['Alpha'],
    datasets: 'both',
    ordersData: 'all',
    payrollData: 'read',
    filterOptions: 'all',
    sqlLab: 'refused',
  },
  Gamma: {
    roles: ['Gamma'],
    datasets: 'none',
    ordersData: 'refused',
    payrollData: 'refused',
    filterOptions: 'refused',
    sqlLab: 'refused',
  },
  sql_lab: {
    roles: ['sql_lab'],
    datasets: 'refused',
    ordersData: 'refused',
    payrollData: 'refused',
    filterOptions: 'refused',
    sqlLab: 'refused',
  },
  readonly: {
    roles: ['readonly'],
    datasets: 'refused',
    ordersData: 'all',
    payrollData: 'read',
    filterOptions: 'all',
    sqlLab: 'refused',
  },
  'Vizualize data': {
    roles: ['Vizualize data'],
    datasets: 'both',
    ordersData: 'all',
    payrollData: 'read',
    filterOptions: 'all',
    sqlLab: 'refused',
  },
  'Create data': {
    roles: ['Create data'],
    datasets: 'both',
    ordersData: 'all',
    payrollData: 'read',
    filterOptions: 'all',
    sqlLab: 'runs',
  },
  'one dataset with RLS': {
    roles: ['Gamma', ONE_DATASET_ROLE],
    datasets: 'orders only',
    ordersData: 'inside rule',
    payrollData: 'refused',
    filterOptions: 'inside rule',
    sqlLab: 'refused',
  },
};

describe('what each role can read', () => {
  let harness: TestApp;
  let world: RlsWorld;
  const headers: Record<string, Headers> = {};

  const call = (method: 'GET' | 'POST', url: string, as: Headers, payload?: object) =>
    harness.app.inject({
      method,
      url,
      headers: as,
      ...(payload && { payload: payload as Record<string, unknown> }),
    });
  const chartData = (datasetId: number, column: string, as: Headers) =>
    call('POST', '/api/v1/chart/data', as, {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: [column], metrics: ['count'], orderby: [[column, true]] }],
    });
  const rowsOf = (regions: unknown[]): Rows => {
    const set = new Set(regions);
    if (set.has(INSIDE_REGION) && set.has(OUTSIDE_REGION)) return 'all';
    if (set.size === 1 && set.has(INSIDE_REGION)) return 'inside rule';
    throw new Error(`unexpected regions ${JSON.stringify(regions)}`);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    world = await buildRlsWorld(harness);
    headers.Admin = await harness.bearer(ADMIN.username, ADMIN.password);
    let n = 0;
    for (const [name, expectation] of Object.entries(MATRIX)) {
      if (name === 'Admin') continue;
      const username = `matrix_${n++}`;
      await harness.createUser({ username, roles: expectation.roles });
      headers[name] = await harness.bearer(username, 'password123');
    }
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    world?.cleanUp();
  });

  for (const [name, expected] of Object.entries(MATRIX)) {
    describe(name, () => {
      it(`lists datasets: ${expected.datasets}`, async () => {
        const response = await call('GET', '/api/v1/dataset/', headers[name]!);
        if (expected.datasets === 'refused') return expect(response.statusCode).toBe(403);
        const ids = response
          .json()
          .result.map((row: { id: number }) => row.id)
          .sort();
        const wanted = {
          both: [world.ordersId, world.payrollId].sort(),
          'orders only': [world.ordersId],
          none: [],
        };
        expect(ids).toEqual(wanted[expected.datasets]);
      });

      it(`reads chart data: orders ${expected.ordersData}, payroll ${expected.payrollData}`, async () => {
        const orders = await chartData(world.ordersId, 'region', headers[name]!);
        if (expected.ordersData === 'refused') expect(orders.statusCode).toBe(403);
        else {
          expect(orders.statusCode, orders.body).toBe(200);
          const regions = orders.json().result[0].data.map((row: { region: string }) => row.region);
          expect(rowsOf(regions)).toBe(expected.ordersData);
        }
        const payroll = await chartData(world.payrollId, 'name', headers[name]!);
        expect(payroll.statusCode).toBe(expected.payrollData === 'read' ? 200 : 403);
      });

      it(`gets filter options: ${expected.filterOptions}`, async () => {
        const response = await call(
          'GET',
          `/api/v1/datasource/table/${world.ordersId}/column/region/values/`,
          headers[name]!,
        );
        if (expected.filterOptions === 'refused') return expect(response.statusCode).toBe(403);
        expect(response.statusCode).toBe(200);
        expect(rowsOf(response.json().result)).toBe(expected.filterOptions);
      });

      it(`runs SQL Lab on the database: ${expected.sqlLab}`, async () => {
        const response = await call('POST', '/api/v1/sqllab/execute/', headers[name]!, {
          database_id: world.databaseId,
          sql: 'SELECT count(*) AS n FROM orders',
        });
        expect(response.statusCode, response.body).toBe(expected.sqlLab === 'runs' ? 200 : 403);
      });
    });
  }
});
