import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';
import { BROWSE_LIST_LIMIT } from './browse.ts';

describe('database browsing: bounded table lists', () => {
  let harness: TestApp;
  let admin: Headers;
  let databaseId: number;
  const tableCount = BROWSE_LIST_LIMIT + 5;

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await harness.loginAs(ADMIN.username, ADMIN.password);
    const file = new SQLite(path.join(harness.ctx.config.filesDir, 'many_tables.db'));
    file.transaction(() => {
      for (let i = 0; i < tableCount; i++)
        file.exec(`CREATE TABLE t${String(i).padStart(5, '0')} (a INTEGER)`);
    })();
    file.close();
    databaseId = await insertDatabase(harness, { name: 'many_tables', uri: 'sqlite:///many_tables.db' });
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it('lists at most the limit of tables, with the count of all of them', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/database/${databaseId}/tables/?q=${encodeURIComponent('(schema_name:main)')}`,
      headers: admin,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const body = response.json<{ count: number; result: Array<{ value: string }> }>();
    expect(body.count).toBe(tableCount);
    expect(body.result).toHaveLength(BROWSE_LIST_LIMIT);
    expect(body.result[0]!.value).toBe('t00000');
  });
});
