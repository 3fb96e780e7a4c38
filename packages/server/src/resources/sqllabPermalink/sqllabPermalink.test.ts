import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';

describeEachMetastore('SQL Lab permalinks and share links', (harness) => {
  let analyst: Headers;
  let other: Headers;
  let gamma: Headers;

  beforeAll(async () => {
    const h = harness();
    await h.createUser({ username: 'link_analyst', roles: ['sql_lab'] });
    await h.createUser({ username: 'link_other', roles: ['sql_lab'] });
    await h.createUser({ username: 'link_gamma', roles: ['Gamma'] });
    analyst = await h.loginAs('link_analyst', 'password123');
    other = await h.bearer('link_other', 'password123');
    gamma = await h.bearer('link_gamma', 'password123');
  });

  const state = {
    dbId: 1,
    catalog: null,
    schema: 'main',
    sql: 'select * from sales',
    name: 'Shared sales',
    autorun: false,
    templateParams: '{"n": 5}',
  };

  it('stores a query under a permalink and reads it back', async () => {
    const { app } = harness();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/permalink',
      headers: { ...analyst, origin: 'http://vitrina.test' },
      payload: state,
    });
    expect(created.statusCode).toBe(201);
    const { key, url } = created.json<{ key: string; url: string }>();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`http://vitrina.test/sqllab/p/${key}`);

    // Anyone with SQL Lab may open a shared link.
    const read = await app.inject({ url: `/api/v1/sqllab/permalink/${key}`, headers: other });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(state);
  });

  it('shares a query of a tab without a database', async () => {
    const { app } = harness();
    const bare = { dbId: null, schema: null, sql: 'select 1', name: 'No database' };
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/permalink',
      headers: analyst,
      payload: bare,
    });
    expect(created.statusCode).toBe(201);
    const { key } = created.json<{ key: string }>();
    expect((await app.inject({ url: `/api/v1/sqllab/permalink/${key}`, headers: analyst })).json()).toEqual(
      bare,
    );
  });

  it('answers 404 for an unknown key and 400 for a bad state', async () => {
    const { app } = harness();
    expect(
      (await app.inject({ url: '/api/v1/sqllab/permalink/nosuchkey', headers: analyst })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ url: '/api/v1/sqllab/permalink/bad%20key!', headers: analyst })).statusCode,
    ).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/permalink',
      headers: analyst,
      payload: { dbId: 'one', autorun: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual({
      dbId: ['Not a valid integer.'],
      sql: ['Missing data for required field.'],
      autorun: ['Not a valid boolean.'],
    });
  });

  it('keeps share-link text through /kv/store/ and /kv/{id}/', async () => {
    const { app } = harness();
    const text = JSON.stringify({ dbId: 1, sql: 'select 1', title: 'Привет' });
    const stored = await app.inject({
      method: 'POST',
      url: '/kv/store/',
      headers: { ...analyst, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ data: text }).toString(),
    });
    expect(stored.statusCode).toBe(200);
    const { id } = stored.json<{ id: string }>();
    for (const path of [`/kv/${id}/`, `/kv/${id}`]) {
      const read = await app.inject({ url: path, headers: other });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toContain('text/plain');
      expect(read.body).toBe(text);
    }
    const missing = await app.inject({ url: '/kv/nosuchid/', headers: analyst });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
    const noData = await app.inject({ method: 'POST', url: '/kv/store/', headers: analyst, payload: {} });
    expect(noData.statusCode).toBe(400);
    // A permalink key does not open as a share link, nor the other way round.
    expect((await app.inject({ url: `/api/v1/sqllab/permalink/${id}`, headers: analyst })).statusCode).toBe(
      404,
    );
  });

  it('is refused to users without SQL Lab', async () => {
    const { app } = harness();
    const post = await app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/permalink',
      headers: gamma,
      payload: state,
    });
    expect(post.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/sqllab/permalink/abc', headers: gamma })).statusCode).toBe(403);
    const kv = await app.inject({
      method: 'POST',
      url: '/kv/store/',
      headers: gamma,
      payload: { data: 'x' },
    });
    expect(kv.statusCode).toBe(403);
    expect((await app.inject({ url: '/kv/abc/', headers: gamma })).statusCode).toBe(403);
    expect((await app.inject({ url: '/kv/abc/' })).statusCode).toBe(401);
  });
});
