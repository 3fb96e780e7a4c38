import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { withDuckDb } from '../drivers/exampleData/duckdbFile.ts';
import {
  DATABASE_ACCESS,
  DATASOURCE_ACCESS,
  databasePermissionView,
  datasetPermissionView,
} from '../security/dataAccess.ts';
import { createRole, insertDatabase } from './fixtures.ts';
import { ADMIN, type Headers, type TestApp } from './testApp.ts';

/**
 * A DuckDB database with two tables for access tests: `orders` (two rows in region 'emea', two in
 * 'americas') and `payroll_hidden`. Both are datasets; role `emea_orders` holds exactly the orders
 * dataset and role `emea_lab` the whole database, and one row-level security rule (`region = 'emea'`)
 * applies to both roles.
 */

export const RLS_DATABASE = 'rlsworld';
export const SECRET_TABLE = 'payroll_hidden';
export const INSIDE_REGION = 'emea';
export const OUTSIDE_REGION = 'americas';
export const ONE_DATASET_ROLE = 'emea_orders';
export const ONE_DATABASE_ROLE = 'emea_lab';

export interface RlsWorld {
  admin: Headers;
  databaseId: number;
  ordersId: number;
  payrollId: number;
  /** Removes the database file. */
  cleanUp(): void;
}

export async function buildRlsWorld(harness: TestApp): Promise<RlsWorld> {
  // The data dir's folder for data files: the one place a file database may point into by default.
  fs.mkdirSync(harness.ctx.config.filesDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(harness.ctx.config.filesDir, 'rls-world-'));
  const file = path.join(dir, 'world.duckdb');
  await withDuckDb(file, async (con) => {
    await con.run('CREATE TABLE orders (id INTEGER, region VARCHAR, amount DOUBLE)');
    await con.run(
      `INSERT INTO orders VALUES (1, '${INSIDE_REGION}', 10), (2, '${INSIDE_REGION}', 20), (3, '${OUTSIDE_REGION}', 30), (4, '${OUTSIDE_REGION}', 40)`,
    );
    await con.run(`CREATE TABLE ${SECRET_TABLE} (name VARCHAR, salary DOUBLE)`);
    await con.run(`INSERT INTO ${SECRET_TABLE} VALUES ('ceo', 1000000)`);
    await con.run('CHECKPOINT');
  });
  const databaseId = await insertDatabase(harness, { name: RLS_DATABASE, uri: `duckdb:///${file}` });
  const admin = await harness.bearer(ADMIN.username, ADMIN.password);
  const dataset = async (table: string) => {
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/dataset/',
      headers: admin,
      payload: { database: databaseId, table_name: table },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const ordersId = await dataset('orders');
  const payrollId = await dataset(SECRET_TABLE);

  await createRole(harness, ONE_DATASET_ROLE, [
    [DATASOURCE_ACCESS, datasetPermissionView(RLS_DATABASE, { id: ordersId, table_name: 'orders' })],
  ]);
  await createRole(harness, ONE_DATABASE_ROLE, [
    [DATABASE_ACCESS, databasePermissionView({ id: databaseId, database_name: RLS_DATABASE })],
  ]);
  const roles = await harness.ctx.metastore.db
    .selectFrom('roles')
    .select('id')
    .where('name', 'in', [ONE_DATASET_ROLE, ONE_DATABASE_ROLE])
    .execute();
  const rule = await harness.app.inject({
    method: 'POST',
    url: '/api/v1/rowlevelsecurity/',
    headers: admin,
    payload: {
      name: `${INSIDE_REGION} only`,
      filter_type: 'Regular',
      tables: [ordersId],
      roles: roles.map((role) => role.id),
      clause: `region = '${INSIDE_REGION}'`,
    },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  return {
    admin,
    databaseId,
    ordersId,
    payrollId,
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
