import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { closeRenderPass, openRenderPass, RENDER_TOKEN_HEADER, type RenderPass } from './renderPass.ts';

/**
 * A screenshot's render pass: it signs the server's own browser in as the picture's user, may only
 * read, ends with the render, and never shows among the user's sessions.
 */
describe('render pass', () => {
  let harness: TestApp;
  let aliceId: number;
  let pass: RenderPass;

  beforeAll(async () => {
    harness = await createTestApp();
    aliceId = await harness.createUser({ username: 'alice', roles: ['Alpha'] });
    pass = await openRenderPass(harness.ctx.metastore.db, harness.ctx.secretKey, aliceId, 60);
  });
  afterAll(() => harness.close());

  const withPass = (token: string) => ({ [RENDER_TOKEN_HEADER]: token });
  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => harness.app.inject({ method, url, headers, ...(payload && { payload }) });

  it('reads as its user', async () => {
    const me = await call('GET', '/api/v1/me/', withPass(pass.token));
    expect(me.statusCode).toBe(200);
    expect(me.json().result.username).toBe('alice');
  });

  it('may ask for chart data, and nothing else that writes, whatever its user may do', async () => {
    const data = await call('POST', '/api/v1/chart/data', withPass(pass.token), { queries: [] });
    expect(data.statusCode).not.toBe(403);
    expect(data.statusCode).not.toBe(401);
    const edit = await call('PUT', '/api/v1/me/', withPass(pass.token), { first_name: 'Mallory' });
    expect(edit.statusCode).toBe(403);
    const create = await call('POST', '/api/v1/dashboard/', withPass(pass.token), { dashboard_title: 'x' });
    expect(create.statusCode).toBe(403);
    const end = await call('DELETE', '/api/v1/me/sessions/', withPass(pass.token));
    expect(end.statusCode).toBe(403);
  });

  it('is not among the sessions its user sees', async () => {
    const own = await harness.bearer('alice', 'password123');
    const sessions = await call('GET', '/api/v1/me/sessions/', own);
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().result.map((session: { kind: string }) => session.kind)).toEqual(['api']);
  });

  it('refuses a forged token, an API access token in its place, and a pass that has ended', async () => {
    expect((await call('GET', '/api/v1/me/', withPass(`${pass.token}x`))).statusCode).toBe(401);
    const bearer = (await harness.bearer('alice', 'password123')).authorization!.slice('Bearer '.length);
    expect((await call('GET', '/api/v1/me/', withPass(bearer))).statusCode).toBe(401);
    const ended = await openRenderPass(harness.ctx.metastore.db, harness.ctx.secretKey, aliceId, 60);
    await closeRenderPass(harness.ctx.metastore.db, ended);
    expect((await call('GET', '/api/v1/me/', withPass(ended.token))).statusCode).toBe(401);
  });
});
