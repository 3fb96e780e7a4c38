import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { databasePermissionView } from '../../security/dataAccess.ts';
import { createRole, insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/**
 * The review: SQL Lab results could be read by key by anyone with access to the database. Two users
 * with the same access to the same database; one runs a query, the other must not read its rows.
 */
describeEachMetastore('SQL Lab results belong to who ran the query', (harness) => {
  let runner: Headers;
  let colleague: Headers;
  let admin: Headers;
  let resultsKey: string;
  let clientId: string;

  beforeAll(async () => {
    const file = path.join(harness().ctx.config.filesDir, 'results-access.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run("CREATE TABLE salaries AS SELECT 'ceo' AS who, 1000000 AS amount");
      await con.run('CHECKPOINT');
    });
    const databaseId = await insertDatabase(harness(), { name: 'hr', uri: `duckdb:///${file}` });
    await createRole(harness(), 'hr_lab', [
      ['can_execute_sql_query', 'SQLLab'],
      ['can_get_results', 'SQLLab'],
      ['can_export_csv', 'SQLLab'],
      ['can_csv', 'Superset'],
      ['database_access', databasePermissionView({ id: databaseId, database_name: 'hr' })],
    ]);
    await harness().createUser({ username: 'hr_runner', roles: ['hr_lab'] });
    await harness().createUser({ username: 'hr_colleague', roles: ['hr_lab'] });
    runner = await harness().bearer('hr_runner', 'password123');
    colleague = await harness().bearer('hr_colleague', 'password123');
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
    const run = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers: runner,
      payload: { database_id: databaseId, sql: 'SELECT * FROM salaries', client_id: 'hrquery0001' },
    });
    expect(run.statusCode).toBe(200);
    resultsKey = run.json().query.resultsKey;
    clientId = run.json().query.id;
    expect(resultsKey).toEqual(expect.any(String));
  });

  const results = (headers: Headers) =>
    harness().app.inject({ url: `/api/v1/sqllab/results/?q=(key:'${resultsKey}')`, headers });
  const exportCsv = (headers: Headers) =>
    harness().app.inject({ url: `/api/v1/sqllab/export/${clientId}/`, headers });

  it('refuses another user with access to the same database', async () => {
    const response = await results(colleague);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0]).toMatchObject({ error_type: 'QUERY_SECURITY_ACCESS_ERROR' });
    expect(response.body).not.toContain('1000000');
  });

  it('serves the rows to the user who ran the query and to an administrator', async () => {
    for (const headers of [runner, admin]) {
      const response = await results(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([{ who: 'ceo', amount: 1000000 }]);
    }
  });

  it('exports the CSV for the runner and an administrator only', async () => {
    const refused = await exportCsv(colleague);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('1000000');
    for (const headers of [runner, admin]) {
      const response = await exportCsv(headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('ceo,1000000');
    }
  });
});
