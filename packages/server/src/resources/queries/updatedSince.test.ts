import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDatabase } from '../../testing/fixtures.ts';
import { createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';
import { UPDATED_SINCE_LIMIT } from './routes.ts';

describe('GET /api/v1/query/updated_since: bounds', () => {
  let harness: TestApp;
  let analyst: Headers;
  const changedOn = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString();

  beforeAll(async () => {
    harness = await createTestApp();
    const userId = await harness.createUser({ username: 'poller', roles: ['sql_lab'] });
    analyst = await harness.bearer('poller', 'password123');
    const databaseId = await insertDatabase(harness, { name: 'poll_db', uri: 'sqlite:///:memory:' });
    const rows = Array.from({ length: UPDATED_SINCE_LIMIT + 5 }, (_, i) => ({
      client_id: `poll${String(i).padStart(7, '0')}`,
      database_id: databaseId,
      user_id: userId,
      sql: 'select 1',
      status: i === UPDATED_SINCE_LIMIT + 4 ? 'success' : 'running',
      changed_on: changedOn(i),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await harness.ctx.metastore.db
        .insertInto('queries')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  const poll = (q: string) =>
    harness.app.inject({
      method: 'GET',
      url: `/api/v1/query/updated_since?q=${encodeURIComponent(q)}`,
      headers: analyst,
    });

  it('answers at most the newest changes, oldest first, so the latest finished query is in it', async () => {
    const answer = await poll('(last_updated_ms:0)');
    expect(answer.statusCode).toBe(200);
    const ids = answer.json<{ result: Array<{ id: string; state: string }> }>().result;
    expect(ids).toHaveLength(UPDATED_SINCE_LIMIT);
    expect(ids[0]!.id).toBe('poll0000005');
    expect(ids.at(-1)).toMatchObject({
      id: `poll${String(UPDATED_SINCE_LIMIT + 4).padStart(7, '0')}`,
      state: 'success',
    });
  });

  // A timestamp outside the dates JavaScript can hold was a 500 ('Invalid time value').
  it('refuses a timestamp that is not a date with a 400', async () => {
    const answer = await poll('(last_updated_ms:1e300)');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'last_updated_ms: Not a valid timestamp.' });
  });
});
