import { beforeAll, expect, it } from 'vitest';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/** The chart data API over a SQL Lab query and a saved query (datasource types `query`, `saved_query`). */

const CITIES_SQL =
  "SELECT 'Berlin' AS city, 5 AS amount UNION ALL SELECT 'Moscow' AS city, 10 AS amount UNION ALL SELECT 'Moscow' AS city, 20 AS amount";

const byCity = {
  columns: ['city'],
  metrics: [
    { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
  ],
  orderby: [['total', false]],
};

describeEachMetastore('chart data over SQL Lab queries and saved queries', (harness) => {
  let admin: Headers;
  let analyst: Headers;
  let other: Headers;
  let gamma: Headers;
  let databaseId: number;
  let queryId: number;
  let savedQueryId: number;

  const chartData = (datasource: { id: number | string; type: string }, headers: Headers) =>
    harness().app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers,
      payload: { datasource, queries: [byCity] },
    });
  const saveQuery = async (sql: string, headers: Headers): Promise<number> => {
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/saved_query/',
      headers,
      payload: { db_id: databaseId, label: 'cities', sql },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    const h = harness();
    await h.createUser({ username: 'cd_analyst', roles: ['sql_lab', 'Alpha'] });
    await h.createUser({ username: 'cd_other', roles: ['sql_lab', 'Alpha'] });
    await h.createUser({ username: 'cd_gamma', roles: ['Gamma'] });
    admin = await h.bearer(ADMIN.username, ADMIN.password);
    analyst = await h.bearer('cd_analyst', 'password123');
    other = await h.bearer('cd_other', 'password123');
    gamma = await h.bearer('cd_gamma', 'password123');
    databaseId = await insertDatabase(h, { name: 'sqllab_chart_db', uri: 'sqlite:///:memory:' });
    const ran = await h.app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers: analyst,
      payload: { database_id: databaseId, sql: CITIES_SQL, client_id: 'cdquery0001', tab: 'Cities' },
    });
    expect(ran.statusCode, ran.body).toBe(200);
    queryId = ran.json<{ query: { queryId: number } }>().query.queryId;
    savedQueryId = await saveQuery(CITIES_SQL, analyst);
  });

  it("charts a SQL Lab query's SQL as a subquery for its owner", async () => {
    const response = await chartData({ id: queryId, type: 'query' }, analyst);
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = response.json().result;
    expect(entry.data).toEqual([
      { city: 'Moscow', total: 30 },
      { city: 'Berlin', total: 5 },
    ]);
    expect(entry.query).toContain('AS virtual_table');
    // The admin may chart anyone's query.
    expect((await chartData({ id: String(queryId), type: 'query' }, admin)).statusCode).toBe(200);
  });

  it("charts a saved query's SQL, with its columns read from the engine", async () => {
    const response = await chartData({ id: savedQueryId, type: 'saved_query' }, analyst);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result[0].data).toEqual([
      { city: 'Moscow', total: 30 },
      { city: 'Berlin', total: 5 },
    ]);
    const columns = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: analyst,
      payload: {
        datasource: { id: savedQueryId, type: 'saved_query' },
        queries: [{}],
        result_type: 'columns',
      },
    });
    expect(columns.json().result[0].data.map((c: { column_name: string }) => c.column_name)).toEqual([
      'city',
      'amount',
    ]);
  });

  it("refuses another user's query (403) and saved query (404), and what does not exist (404)", async () => {
    const query = await chartData({ id: queryId, type: 'query' }, other);
    expect(query.statusCode).toBe(403);
    expect(query.json().errors[0].error_type).toBe('QUERY_SECURITY_ACCESS_ERROR');
    expect((await chartData({ id: savedQueryId, type: 'saved_query' }, other)).statusCode).toBe(404);
    expect((await chartData({ id: 987_654, type: 'query' }, analyst)).statusCode).toBe(404);
    expect((await chartData({ id: 987_654, type: 'saved_query' }, admin)).statusCode).toBe(404);
  });

  it('refuses SQL that is not a single read, before anything runs', async () => {
    const deleting = await saveQuery('DELETE FROM sqlite_master', analyst);
    const response = await chartData({ id: deleting, type: 'saved_query' }, analyst);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^sql: /);
    const twoStatements = await saveQuery('SELECT 1 AS amount; SELECT 2 AS amount', analyst);
    const two = await chartData({ id: twoStatements, type: 'saved_query' }, analyst);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toContain('exactly one statement');
  });

  it('needs can_read on SavedQuery and access to the database (403), and a login (401)', async () => {
    const refused = await chartData({ id: savedQueryId, type: 'saved_query' }, gamma);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    // The owner of a run who has lost access to its database.
    const h = harness();
    const ownerId = await h.createUser({ username: 'cd_sqllab_only', roles: ['sql_lab', 'Gamma'] });
    await h.ctx.metastore.db
      .updateTable('queries')
      .set({ user_id: ownerId })
      .where('id', '=', queryId)
      .execute();
    try {
      const owner = await h.bearer('cd_sqllab_only', 'password123');
      const denied = await chartData({ id: queryId, type: 'query' }, owner);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    } finally {
      const analystId = (
        await h.ctx.metastore.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'cd_analyst')
          .executeTakeFirstOrThrow()
      ).id;
      await h.ctx.metastore.db
        .updateTable('queries')
        .set({ user_id: analystId })
        .where('id', '=', queryId)
        .execute();
    }
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: { datasource: { id: queryId, type: 'query' }, queries: [byCity] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
