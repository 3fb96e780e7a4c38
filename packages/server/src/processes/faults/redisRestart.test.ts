import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FaultWorld, makeFaultWorld, type SavedWork } from '../../testing/faultWorld.ts';
import {
  type PrivateServer,
  serverCommandsAvailable,
  startPrivateRedis,
} from '../../testing/privateServers.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

// A Redis of the test's own that it stops and starts again (the machine's shared one is never touched).
describe.skipIf(!serverCommandsAvailable(['redis-server']))('Redis stopped and started again', () => {
  let redis: PrivateServer;
  let harness: TestApp;
  let admin: Headers;
  let world: FaultWorld;
  let before: SavedWork;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    harness = await createTestApp({ redis: { url: redis.url, keyPrefix: `faults-${randomUUID()}:` } });
    admin = await harness.bearer(ADMIN.username, ADMIN.password);
    world = await makeFaultWorld(harness, admin);
    before = await world.save('before');
    expect((await world.chartData()).statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
    await redis?.close();
  });

  it('answers 503 with a Superset-style body while Redis is down, keeps saving work, and recovers by itself', async () => {
    await redis.stop();

    const data = await world.chartData();
    expect(data.statusCode, data.body).toBe(503);
    expect(data.headers['retry-after']).toBe('5');
    expect(data.json()).toEqual({
      errors: [
        {
          message: 'Redis (cache, queue and results) is unavailable. Try again in a moment.',
          error_type: 'GENERIC_BACKEND_ERROR',
          level: 'error',
          extra: { unavailable: 'redis', issue_codes: [] },
        },
      ],
    });
    // Sign-ins are checked against failure counters kept in Redis.
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: ADMIN.username, password: 'wrong', provider: 'db' },
    });
    expect(signIn.statusCode, signIn.body).toBe(503);
    // The queue's connection waits for Redis forever (BullMQ): producers must refuse at once instead.
    await expect(harness.ctx.platform.queue.enqueue('faults', { n: 1 })).rejects.toMatchObject({
      name: 'StoreUnavailableError',
      store: 'redis',
    });
    const ready = await harness.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toMatchObject({ metastore: 'ok', redis: 'failed' });

    // Saved work lives in the metastore: writing and reading it does not need Redis.
    const during = await world.save('during');
    await world.expectSaved(before);

    await redis.start();
    await vi.waitFor(
      async () =>
        expect((await harness.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200),
      { timeout: 15_000, interval: 200 },
    );
    const again = await world.chartData();
    expect(again.statusCode, again.body).toBe(200);
    await world.expectSaved(before);
    await world.expectSaved(during);
  }, 60_000);
});
