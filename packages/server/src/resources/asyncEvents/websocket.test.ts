import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { asyncChannelId } from '../../flows/chartData/asyncQueries.ts';
import type { RunningProcess } from '../../processes/runningProcess.ts';
import { startWorker } from '../../processes/worker.ts';
import { loadPrincipal } from '../../security/principal.ts';
import { decodeSession, SESSION_COOKIE } from '../../security/session.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { useSharedStores } from '../../testing/sharedStores.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

/**
 * `GET /api/v1/async_event/ws` over a real listening server: a signed-in session gets its channel's
 * events pushed, resumes after `last_id`, and is refused without a session; with Redis, a server gets
 * the events another server published.
 */

const hasSharedStores = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));

type Message = Record<string, unknown>;

interface Client {
  messages: Message[];
  close(): Promise<void>;
}

function wsUrl(app: TestApp['app'], query = ''): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/v1/async_event/ws${query}`;
}

/** Opens the websocket as a browser page of the app would (its cookie and Origin). */
function connect(app: TestApp['app'], headers: Headers, lastId?: string): Promise<Client> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(wsUrl(app, lastId ? `?last_id=${lastId}` : ''), {
    headers: { cookie: headers.cookie ?? '', origin: `http://127.0.0.1:${port}` },
  });
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        messages,
        close: () =>
          new Promise<void>((done) => {
            socket.once('close', () => done());
            socket.close();
          }),
      }),
    );
    socket.once('error', reject);
  });
}

/** The HTTP status a refused handshake answered. */
function refusal(url: string, headers: Record<string, string> = {}): Promise<number> {
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    // With this listener ws leaves the refused request to the caller, who drops it.
    socket.once('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    socket.on('error', () => undefined);
    socket.once('open', () => reject(new Error('the websocket was accepted')));
  });
}

/** The event channel of a browser session, as the server derives it. */
async function channelOf(harness: TestApp, headers: Headers): Promise<string> {
  const cookie = headers.cookie?.slice(SESSION_COOKIE.length + 1);
  const session = decodeSession(harness.ctx.secretKey, cookie);
  if (!session) throw new Error('not a session cookie');
  const principal = await loadPrincipal(harness.ctx.metastore.db, session.userId);
  if (!principal) throw new Error('no such user');
  return asyncChannelId(harness.ctx, principal, session.sessionId);
}

async function listen(harness: TestApp): Promise<void> {
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
}

describe('the async events websocket', () => {
  let harness: TestApp;
  let admin: Headers;
  const clients: Client[] = [];
  const open = async (headers: Headers, lastId?: string) => {
    const client = await connect(harness.app, headers, lastId);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await listen(harness);
    admin = await harness.loginAs(ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await harness.close();
  });

  it("pushes the session's events as they are published, and no other session's", async () => {
    const channel = await channelOf(harness, admin);
    const other = await harness.loginAs(ADMIN.username, ADMIN.password);
    const mine = await open(admin);
    const theirs = await open(other);
    const id = await harness.ctx.platform.events.publish(channel, {
      job_id: 'job-1',
      status: 'done',
      result_url: '/api/v1/chart/data/abc',
    });
    await vi.waitFor(() =>
      expect(mine.messages).toContainEqual({
        id,
        job_id: 'job-1',
        status: 'done',
        result_url: '/api/v1/chart/data/abc',
      }),
    );
    await harness.ctx.platform.events.publish(await channelOf(harness, other), {
      job_id: 'x',
      status: 'done',
    });
    await vi.waitFor(() => expect(theirs.messages.map((m) => m.job_id)).toEqual(['x']));
    expect(mine.messages.map((m) => m.job_id)).not.toContain('x');
  });

  it('resumes after last_id: the kept events after it first, then live ones, each once', async () => {
    const session = await harness.loginAs(ADMIN.username, ADMIN.password);
    const channel = await channelOf(harness, session);
    const ids: string[] = [];
    for (const job of ['a', 'b', 'c']) {
      ids.push(await harness.ctx.platform.events.publish(channel, { job_id: job, status: 'done' }));
    }
    const resumed = await open(session, ids[0]);
    await vi.waitFor(() => expect(resumed.messages.map((m) => m.job_id)).toEqual(['b', 'c']));
    expect(resumed.messages.map((m) => m.id)).toEqual(ids.slice(1));
    await harness.ctx.platform.events.publish(channel, { job_id: 'd', status: 'error', errors: [] });
    await vi.waitFor(() => expect(resumed.messages.map((m) => m.job_id)).toEqual(['b', 'c', 'd']));
    // Without last_id a client gets all the session kept.
    const fresh = await open(session);
    await vi.waitFor(() => expect(fresh.messages.map((m) => m.job_id)).toEqual(['a', 'b', 'c', 'd']));
  });

  it('refuses the handshake without a session, with a bad last_id, and from another site', async () => {
    expect(await refusal(wsUrl(harness.app))).toBe(401);
    expect(await refusal(wsUrl(harness.app), { cookie: 'session=forged.value' })).toBe(401);
    expect(await refusal(wsUrl(harness.app, '?last_id=latest'), { cookie: admin.cookie ?? '' })).toBe(400);
    expect(
      await refusal(wsUrl(harness.app), { cookie: admin.cookie ?? '', origin: 'https://evil.example' }),
    ).toBe(403);
  });

  it('refuses a user without can_list on AsyncEventsRestApi', async () => {
    await harness.createUser({ username: 'no_roles_ws', password: 'password123', roles: [] });
    const roleless = await harness.loginAs('no_roles_ws', 'password123');
    expect(await refusal(wsUrl(harness.app), { cookie: roleless.cookie ?? '' })).toBe(403);
  });

  it("tells the web app where the websocket is, in the feature flags' conf", async () => {
    const response = await harness.app.inject({ url: '/api/v1/feature_flags/', headers: admin });
    expect(response.json().conf).toEqual({
      GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws',
      GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: '/api/v1/async_event/ws',
      GLOBAL_ASYNC_QUERIES_POLLING_DELAY: 500,
      DEFAULT_VIZ_TYPE: 'table',
      DEFAULT_TIME_FILTER: 'No filter',
    });
  });

  describe('with a real async chart data job (GLOBAL_ASYNC_QUERIES on)', () => {
    let worker: RunningProcess;
    let datasetId: number;
    beforeAll(async () => {
      const file = path.join(harness.ctx.config.filesDir, 'ws.duckdb');
      await withDuckDb(file, async (con) => {
        await con.run('CREATE TABLE sales (city VARCHAR, amount DOUBLE)');
        await con.run("INSERT INTO sales VALUES ('Berlin', 1), ('Paris', 2), ('Berlin', 3)");
        await con.run('CHECKPOINT');
      });
      const databaseId = await insertDatabase(harness, { name: 'wsdb', uri: `duckdb:///${file}` });
      const created = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/dataset/',
        headers: admin,
        payload: { database: databaseId, table_name: 'sales' },
      });
      datasetId = created.json<{ id: number }>().id;
      harness.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
      worker = startWorker(harness.ctx, { info: () => undefined });
    });
    afterAll(async () => {
      harness.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
      await worker?.stop();
    });

    it('pushes the done event of a 202, whose result_url then answers the data', async () => {
      const client = await open(admin);
      const submitted = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/chart/data',
        headers: admin,
        payload: {
          datasource: { id: datasetId, type: 'table' },
          queries: [{ columns: ['city'], metrics: ['count'], row_limit: 10 }],
          result_format: 'json',
          result_type: 'full',
        },
      });
      expect(submitted.statusCode).toBe(202);
      const job = submitted.json<{ job_id: string }>();
      let done: Message | undefined;
      await vi.waitFor(
        () => {
          done = client.messages.find((message) => message.job_id === job.job_id);
          expect(done?.status).toBe('done');
        },
        { timeout: 15_000, interval: 20 },
      );
      const results = await harness.app.inject({ url: String(done?.result_url), headers: admin });
      expect(results.statusCode).toBe(200);
      expect(results.json().result[0].rowcount).toBe(2);
    });
  });
});

describe('with VITRINA_ASYNC_TRANSPORT=polling', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({
      config: { asyncQueries: { transport: 'polling', websocketUrl: null, pollingDelayMs: 750 } },
    });
    await listen(harness);
  });
  afterAll(async () => harness.close());

  it('has no websocket, and tells the web app to poll', async () => {
    const admin = await harness.loginAs(ADMIN.username, ADMIN.password);
    expect(await refusal(wsUrl(harness.app), { cookie: admin.cookie ?? '' })).toBe(404);
    const response = await harness.app.inject({ url: '/api/v1/feature_flags/', headers: admin });
    expect(response.json().conf).toMatchObject({
      GLOBAL_ASYNC_QUERIES_TRANSPORT: 'polling',
      GLOBAL_ASYNC_QUERIES_POLLING_DELAY: 750,
    });
  });
});

describe.skipIf(!hasSharedStores)('two servers behind one Redis', () => {
  const stores = useSharedStores('async-ws');
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const secretKey = randomBytes(32).toString('base64url');
    first = await createTestApp({ ...stores().appOptions, secretKey });
    second = await createTestApp({ ...stores().appOptions, secretKey });
    await listen(second);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers on one server the events another published, and resumes from last_id there', async () => {
    const session = await first.loginAs(ADMIN.username, ADMIN.password);
    const channel = await channelOf(first, session);
    const before = await first.ctx.platform.events.publish(channel, { job_id: 'early', status: 'done' });
    const missed = await first.ctx.platform.events.publish(channel, { job_id: 'missed', status: 'done' });
    const client = await connect(second.app, session, before);
    try {
      await vi.waitFor(() => expect(client.messages.map((m) => m.id)).toEqual([missed]));
      const live = await first.ctx.platform.events.publish(channel, { job_id: 'live', status: 'done' });
      await vi.waitFor(() => expect(client.messages.map((m) => m.id)).toEqual([missed, live]));
      expect(client.messages.map((m) => m.job_id)).toEqual(['missed', 'live']);
    } finally {
      await client.close();
    }
  });
});
