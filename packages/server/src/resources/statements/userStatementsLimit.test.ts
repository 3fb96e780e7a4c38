import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../platform/metastore/index.ts';
import { createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';
import { USER_STATEMENTS_LIMIT } from './repo.ts';

describe('GET /api/v1/me/statements: bounded', () => {
  let harness: TestApp;
  let user: Headers;

  beforeAll(async () => {
    harness = await createTestApp();
    const userId = await harness.createUser({ username: 'requester', roles: ['Gamma'] });
    user = await harness.bearer('requester', 'password123');
    const now = nowIso();
    await harness.ctx.metastore.db
      .insertInto('statements')
      .values(
        Array.from({ length: USER_STATEMENTS_LIMIT + 20 }, (_, i) => ({
          user_id: userId,
          team: `Team ${i}`,
          team_slug: `team-${i}`,
          is_new_team: 1,
          is_external: 0,
          state: 'declined' as const,
          created_on: now,
          changed_on: now,
        })),
      )
      .execute();
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it("answers a user's newest requests, at most the limit", async () => {
    const response = await harness.app.inject({ url: '/api/v1/me/statements', headers: user });
    expect(response.statusCode).toBe(200);
    const statements = response.json<{ result: { statements: Array<{ team: string }> } }>().result.statements;
    expect(statements).toHaveLength(USER_STATEMENTS_LIMIT);
    expect(statements[0]!.team).toBe(`Team ${USER_STATEMENTS_LIMIT + 19}`);
  });
});
