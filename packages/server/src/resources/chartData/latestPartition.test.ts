import { randomBytes } from 'node:crypto';
import { isPartitionKeyColumn } from '@vitrina/common';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetPermissionView } from '../../security/dataAccess.ts';
import { createRole, insertDatabase, insertRlsRule } from '../../testing/fixtures.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/**
 * The LATEST PARTITION filter on the machine's PostgreSQL and MariaDB: a table partitioned by list on
 * `ds` (one value per partition), with `region` an ordinary column. Rows are numbered `n` so a result
 * says which rows came back. North's rows stop in February, so with a row-level security rule to the
 * north the latest partition it sees is February's.
 */
const ROWS: Array<[ds: string, region: string, n: number]> = [
  ['2024-01-01', 'north', 1],
  ['2024-01-01', 'south', 2],
  ['2024-02-01', 'north', 3],
  ['2024-02-01', 'south', 4],
  ['2024-03-01', 'south', 5],
  ['2024-03-01', 'south', 6],
];
const PARTITIONS = ['2024-01-01', '2024-02-01', '2024-03-01'];

interface Engine {
  name: string;
  /** Creates the partitioned table (and a hash-partitioned one) and answers the database URI. */
  setUp(table: string): Promise<string>;
  tearDown(table: string): Promise<void>;
}

const values = ROWS.map(([ds, region, n]) => `('${ds}', '${region}', ${n})`).join(', ');
const engines: Engine[] = [];

if (await serviceAvailable('postgres')) {
  const run = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: SERVICES.postgres.url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  engines.push({
    name: 'PostgreSQL',
    async setUp(table) {
      await run([
        `CREATE TABLE ${table} (ds date NOT NULL, region text NOT NULL, n integer NOT NULL) PARTITION BY LIST (ds)`,
        ...PARTITIONS.map(
          (ds, i) => `CREATE TABLE ${table}_p${i} PARTITION OF ${table} FOR VALUES IN ('${ds}')`,
        ),
        `INSERT INTO ${table} VALUES ${values}`,
        `CREATE TABLE ${table}_hashed (id integer, v integer) PARTITION BY HASH (id)`,
      ]);
      const url = new URL(SERVICES.postgres.url);
      return url.toString().replace(/^postgres:/, 'postgresql:');
    },
    async tearDown(table) {
      await run([`DROP TABLE IF EXISTS ${table}`, `DROP TABLE IF EXISTS ${table}_hashed`]);
    },
  });
}

if (await serviceAvailable('mariadb')) {
  const url = new URL(SERVICES.mariadb.url);
  const run = async (statements: string[]) => {
    const connection = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1),
    });
    try {
      for (const statement of statements) await connection.query(statement);
    } finally {
      await connection.end();
    }
  };
  engines.push({
    name: 'MariaDB',
    async setUp(table) {
      await run([
        `CREATE TABLE ${table} (ds DATE NOT NULL, region VARCHAR(10) NOT NULL, n INT NOT NULL)
           PARTITION BY LIST COLUMNS (ds) (${PARTITIONS.map((ds, i) => `PARTITION p${i} VALUES IN ('${ds}')`).join(', ')})`,
        `INSERT INTO ${table} VALUES ${values}`,
        `CREATE TABLE ${table}_hashed (id INT, v INT) PARTITION BY HASH (id) PARTITIONS 2`,
      ]);
      return SERVICES.mariadb.url;
    },
    async tearDown(table) {
      await run([`DROP TABLE IF EXISTS ${table}`, `DROP TABLE IF EXISTS ${table}_hashed`]);
    },
  });
}

interface DatasetPayload {
  id: number;
  columns: Array<{ id: number; column_name: string; extra: string | null }>;
}

for (const engine of engines) {
  describeEachMetastore(`the LATEST PARTITION filter on ${engine.name}`, (harness, kind) => {
    const table = `lp_events_${kind}_${randomBytes(4).toString('hex')}`;
    let admin: Headers;
    let databaseId: number;
    let dataset: DatasetPayload;

    const createDataset = async (payload: Record<string, unknown>) => {
      const created = await harness().app.inject({
        method: 'POST',
        url: '/api/v1/dataset/',
        headers: admin,
        payload: { database: databaseId, ...payload },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: number }>();
      const shown = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/dataset/${id}`,
        headers: admin,
      });
      return shown.json<{ result: DatasetPayload }>().result;
    };
    const chartData = (datasetId: number, col: string, headers: Headers = admin) =>
      harness().app.inject({
        method: 'POST',
        url: '/api/v1/chart/data',
        headers,
        payload: {
          datasource: { id: datasetId, type: 'table' },
          queries: [
            {
              columns: ['region', 'n'],
              filters: [{ col, op: 'LATEST PARTITION' }],
              orderby: [['n', true]],
              row_limit: 100,
            },
          ],
        },
      });
    const numbers = (body: { result: Array<{ data: Array<{ n: number }> }> }) =>
      body.result[0]?.data.map((row) => Number(row.n));

    beforeAll(async () => {
      const uri = await engine.setUp(table);
      databaseId = await insertDatabase(harness(), { name: `partitions_${kind}`, uri });
      admin = await harness().bearer(ADMIN.username, ADMIN.password);
      dataset = await createDataset({ table_name: table });
    });

    afterAll(async () => {
      await engine.tearDown(table);
    });

    it('marks the partition key column in the synced columns, and only it', () => {
      const marked = dataset.columns.filter(isPartitionKeyColumn).map((column) => column.column_name);
      expect(marked).toEqual(['ds']);
    });

    it('marks no column of a hash-partitioned table: its partitions have no order', async () => {
      const hashed = await createDataset({ table_name: `${table}_hashed` });
      expect(hashed.columns.filter(isPartitionKeyColumn)).toEqual([]);
    });

    it("returns only the latest partition's rows", async () => {
      const response = await chartData(dataset.id, 'ds');
      expect(response.statusCode).toBe(200);
      expect(numbers(response.json())).toEqual([5, 6]);
      expect(response.json().result[0].query).toMatch(/SELECT MAX\(/);
    });

    it('refuses a column that is not a partition key with a typed 400', async () => {
      const response = await chartData(dataset.id, 'region');
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toMatch(/^filters\[0\]\.col: .*"region" is not one/);
      expect(body.errors[0]).toMatchObject({
        error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
        level: 'error',
        extra: { reason: 'column', column: 'region' },
      });
    });

    it("refuses a virtual dataset's columns: a query has no partitions", async () => {
      const virtual = await createDataset({ table_name: `${table}_virtual`, sql: `SELECT * FROM ${table}` });
      const response = await chartData(virtual.id, 'ds');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extra.reason).toBe('column');
    });

    describe('permissions', () => {
      let viewer: Headers;
      let outsider: Headers;

      beforeAll(async () => {
        const view = datasetPermissionView(`partitions_${kind}`, {
          id: dataset.id,
          table_name: table,
        } as never);
        await createRole(harness(), 'partition_viewer', [
          ['can_read', 'Chart'],
          ['datasource_access', view],
        ]);
        await createRole(harness(), 'partition_outsider', [['can_read', 'Chart']]);
        await harness().createUser({ username: 'partition_viewer', roles: ['partition_viewer'] });
        await harness().createUser({ username: 'partition_outsider', roles: ['partition_outsider'] });
        viewer = await harness().bearer('partition_viewer', 'password123');
        outsider = await harness().bearer('partition_outsider', 'password123');
      });

      it('403 without access to the dataset', async () => {
        const response = await chartData(dataset.id, 'ds', outsider);
        expect(response.statusCode).toBe(403);
        expect(response.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
      });

      it('reads the latest partition among the rows row-level security lets the caller see', async () => {
        expect(numbers((await chartData(dataset.id, 'ds', viewer)).json())).toEqual([5, 6]);
        await insertRlsRule(harness(), {
          name: `north only ${kind}`,
          clause: "region = 'north'",
          datasetIds: [dataset.id],
          roleNames: ['partition_viewer'],
        });
        // North has nothing in March: its latest partition is February's, not an empty result.
        expect(numbers((await chartData(dataset.id, 'ds', viewer)).json())).toEqual([3]);
        expect(numbers((await chartData(dataset.id, 'ds')).json())).toEqual([5, 6]);
      });
    });

    it('forgets the mark when the column is renamed, and a refresh from the table marks it again', async () => {
      const put = (names: Record<string, string>) =>
        harness().app.inject({
          method: 'PUT',
          url: `/api/v1/dataset/${dataset.id}`,
          headers: admin,
          payload: {
            columns: dataset.columns.map((column) => ({
              id: column.id,
              column_name: names[column.column_name] ?? column.column_name,
            })),
          },
        });
      const show = async () =>
        (await harness().app.inject({ method: 'GET', url: `/api/v1/dataset/${dataset.id}`, headers: admin }))
          .json<{ result: DatasetPayload }>()
          .result.columns.filter(isPartitionKeyColumn)
          .map((column) => column.column_name);
      expect((await put({ ds: 'day' })).statusCode).toBe(200);
      expect(await show()).toEqual([]);
      expect((await put({ ds: 'ds' })).statusCode).toBe(200);
      expect(await show()).toEqual([]);
      expect((await chartData(dataset.id, 'ds')).statusCode).toBe(400);
      const refreshed = await harness().app.inject({
        method: 'PUT',
        url: `/api/v1/dataset/${dataset.id}/refresh`,
        headers: admin,
      });
      expect(refreshed.statusCode).toBe(200);
      expect(await show()).toEqual(['ds']);
      expect(numbers((await chartData(dataset.id, 'ds')).json())).toEqual([5, 6]);
    });
  });
}
