import { encodeRison } from '@vitrina/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

describe('GET /api/v1/query/: sql_tables', () => {
  let harness: TestApp;
  let admin: Headers;

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await harness.bearer(ADMIN.username, ADMIN.password);
    const databaseId = await insertDatabase(harness, { name: 'history_db', uri: 'sqlite:///:memory:' });
    const user = await harness.ctx.metastore.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    await harness.ctx.metastore.db
      .insertInto('queries')
      .values([
        {
          client_id: 'hist0000001',
          database_id: databaseId,
          user_id: user.id,
          sql: 'with recent as (select * from main.sales) select * from recent join regions using (id)',
          status: 'success',
          changed_on: new Date().toISOString(),
        },
        {
          client_id: 'hist0000002',
          database_id: databaseId,
          user_id: user.id,
          sql: 'not sql at all',
          status: 'failed',
          changed_on: new Date().toISOString(),
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await harness.close();
  });

  it("lists the tables each past query reads, by its database's parser, and none for SQL it cannot read", async () => {
    const query = encodeRison({
      columns: ['client_id', 'sql_tables'],
      order_column: 'id',
      order_direction: 'asc',
    });
    const answer = await harness.app.inject({
      url: `/api/v1/query/?q=${encodeURIComponent(query)}`,
      headers: admin,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual([
      {
        client_id: 'hist0000001',
        sql_tables: [
          { catalog: null, schema: 'main', table: 'sales' },
          { catalog: null, schema: null, table: 'regions' },
        ],
      },
      { client_id: 'hist0000002', sql_tables: [] },
    ]);
  });
});
