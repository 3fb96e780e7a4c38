import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseConnection, DatabaseSession } from '../../drivers/driver.ts';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { trickyQuery } from '../../flows/export/testing.ts';
import { datasetPermissionView } from '../../security/dataAccess.ts';
import { connectionOf, createRole, insertDatabase, insertRlsRule } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers, type TestApp } from '../../testing/testApp.ts';

/**
 * CSV exports through the API take the engine's own CSV lines (DatabaseConnection.streamCsv) where
 * the driver has them (DuckDB), and the file is byte for byte the one the JavaScript writer makes: the
 * same request with the engine path switched off answers the same bytes. Row-level security, bound
 * filter values, the empty-result answer and the export permission hold on that path.
 */

const COLUMNS = ['id', 'name, with comma', 'ratio', 'amount', 'ts', 'day', 'flag', 'big'];

const ENGINES = {
  duckdb: {
    types: {
      text: 'VARCHAR',
      float: 'DOUBLE',
      decimal: 'DECIMAL(18,2)',
      timestamp: 'TIMESTAMP',
      date: 'DATE',
      bigint: 'BIGINT',
    },
    uri: async (harness: TestApp) => {
      const file = path.join(harness.ctx.config.filesDir, 'engine_csv.duckdb');
      await withDuckDb(file, async (con) => {
        await con.run('CREATE TABLE one (a INTEGER)');
        await con.run('CHECKPOINT');
      });
      return `duckdb:///${file}`;
    },
  },
} as const;

for (const engine of ['duckdb'] as const) {
  describe(`${engine} CSV exports`, () => {
    describeEachMetastore(`CSV export from ${engine}`, (harness) => {
      let admin: Headers;
      let databaseId: number;
      let datasetId: number;
      let connection: DatabaseConnection;
      const database = `engine_csv_${engine}`;

      beforeAll(async () => {
        admin = await harness().bearer(ADMIN.username, ADMIN.password);
        databaseId = await insertDatabase(harness(), {
          name: database,
          uri: await ENGINES[engine].uri(harness()),
        });
        const created = await harness().app.inject({
          method: 'POST',
          url: '/api/v1/dataset/',
          headers: admin,
          payload: { database: databaseId, table_name: 'tricky', sql: trickyQuery(ENGINES[engine].types) },
        });
        expect(created.statusCode).toBe(201);
        datasetId = created.json<{ id: number }>().id;
        connection = await connectionOf(harness(), databaseId);
      });

      const chartCsv = (headers: Headers = admin, query: Record<string, unknown> = {}) =>
        harness().app.inject({
          method: 'POST',
          url: '/api/v1/chart/data',
          headers,
          payload: {
            datasource: { id: datasetId, type: 'table' },
            queries: [{ columns: COLUMNS, orderby: [['id', true]], row_limit: 1000, ...query }],
            result_format: 'csv',
            result_type: 'full',
          },
        });

      /** Runs `work` with the engine path switched off: the driver declines, the JS writer writes. */
      async function withoutEngine<T>(work: () => Promise<T>): Promise<T> {
        const spy = vi.spyOn(connection, 'streamCsv').mockResolvedValue(null);
        try {
          return await work();
        } finally {
          spy.mockRestore();
        }
      }

      it('chart data: the engine writes the file, byte for byte as the JavaScript writer', async () => {
        const spy = vi.spyOn(connection, 'streamCsv');
        let engineBytes: Buffer;
        try {
          const response = await chartCsv();
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toMatch(/^text\/csv/);
          engineBytes = response.rawPayload;
          expect(spy).toHaveBeenCalledTimes(1);
          expect(await spy.mock.results[0]?.value).not.toBeNull();
        } finally {
          spy.mockRestore();
        }
        const js = await withoutEngine(() => chartCsv());
        expect(js.statusCode).toBe(200);
        expect(engineBytes.toString('utf8')).toBe(js.rawPayload.toString('utf8'));
        expect(engineBytes.equals(js.rawPayload)).toBe(true);
        const text = engineBytes.toString('utf8');
        expect(text.startsWith('\ufeffid,"name, with comma",ratio,amount,ts,day,flag,big\r\n')).toBe(true);
        expect(text).toContain(`,'=SUM(A1),`);
        expect(text).toContain(',1000000000000000000000,');
      });

      it('chart data: filters reach the engine as bound parameters, and an empty result is a 400', async () => {
        const filtered = await chartCsv(admin, {
          filters: [{ col: 'name, with comma', op: '==', val: '=SUM(A1)' }],
        });
        expect(filtered.statusCode).toBe(200);
        const lines = filtered.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
        expect(lines).toHaveLength(2);
        expect(lines[1]).toMatch(/^\d+,'=SUM\(A1\),/);
        const empty = await chartCsv(admin, { filters: [{ col: 'id', op: '<', val: 0 }] });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().errors[0].message).toBe('No data to export');
      });

      it('chart data: row-level security and the permission to export still apply', async () => {
        const role = `engine_csv_${engine}_viewer`;
        const view = datasetPermissionView(database, { id: datasetId, table_name: 'tricky' } as never);
        await createRole(harness(), role, [
          ['can_read', 'Chart'],
          ['can_csv', 'Superset'],
          ['datasource_access', view],
        ]);
        await createRole(harness(), `${role}_no_csv`, [
          ['can_read', 'Chart'],
          ['datasource_access', view],
        ]);
        await harness().createUser({ username: `${role}_user`, roles: [role] });
        await harness().createUser({ username: `${role}_nocsv`, roles: [`${role}_no_csv`] });
        await insertRlsRule(harness(), {
          name: `${role} small ids`,
          clause: 'id < 3',
          datasetIds: [datasetId],
          roleNames: [role],
        });
        const response = await chartCsv(await harness().bearer(`${role}_user`, 'password123'));
        expect(response.statusCode).toBe(200);
        const ids = response.rawPayload
          .subarray(3)
          .toString('utf8')
          .split('\r\n')
          .slice(1)
          .filter((line) => /^\d+,/.test(line))
          .map((line) => Number(line.split(',')[0]));
        expect(ids).toEqual([0, 1, 2]);
        const refused = await chartCsv(await harness().bearer(`${role}_nocsv`, 'password123'));
        expect(refused.statusCode).toBe(403);
      });

      it('SQL Lab: the export is written by the engine, byte for byte as the JavaScript writer', async () => {
        const clientId = `ecsv${engine.slice(0, 4)}01`;
        const executed = await harness().app.inject({
          method: 'POST',
          url: '/api/v1/sqllab/execute/',
          headers: admin,
          payload: {
            database_id: databaseId,
            sql: trickyQuery(ENGINES[engine].types),
            client_id: clientId,
            queryLimit: 5,
          },
        });
        expect(executed.statusCode).toBe(200);
        const exportCsv = () =>
          harness().app.inject({ method: 'GET', url: `/api/v1/sqllab/export/${clientId}/`, headers: admin });
        // SQL Lab runs in a session: the session's streamCsv is the driver's, on the held connection.
        const written: boolean[] = [];
        const session = connection.session.bind(connection);
        const watched = vi
          .spyOn(connection, 'session')
          .mockImplementation((options, work) => sessionWith(session, options, work, written));
        let response: Awaited<ReturnType<typeof exportCsv>>;
        try {
          response = await exportCsv();
        } finally {
          watched.mockRestore();
        }
        expect(response.statusCode).toBe(200);
        expect(written).toEqual([true]);
        const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
        expect(lines[0]).toBe('id,"name, with comma",ratio,amount,ts,day,flag,big');
        expect(lines.length).toBeGreaterThan(20);
        const withoutEngineCsv = vi
          .spyOn(connection, 'session')
          .mockImplementation((options, work) => sessionWith(session, options, work, null));
        try {
          const js = await exportCsv();
          expect(js.statusCode).toBe(200);
          expect(response.body).toBe(js.body);
        } finally {
          withoutEngineCsv.mockRestore();
        }
      });
    });
  });
}

/**
 * Runs the driver's own session with its streamCsv watched (`written` records whether the engine
 * took each export) or, with `written` null, hidden, so the export takes the JavaScript writer.
 */
/** The connection's own session (captured before the spy), with its streamCsv watched or taken away. */
function sessionWith<T>(
  original: DatabaseConnection['session'],
  options: Parameters<DatabaseConnection['session']>[0],
  work: (session: DatabaseSession) => Promise<T>,
  written: boolean[] | null,
): Promise<T> {
  return original(options, (session) => {
    const streamCsv = session.streamCsv;
    if (written === null || !streamCsv) return work({ ...session, streamCsv: undefined });
    return work({
      ...session,
      streamCsv: async (sql, csvOptions) => {
        const stream = await streamCsv(sql, csvOptions);
        written.push(stream !== null);
        return stream;
      },
    });
  });
}
