import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FaultWorld, makeFaultWorld, type SavedWork } from '../../testing/faultWorld.ts';
import {
  type PrivateServer,
  serverCommandsAvailable,
  startPrivatePostgres,
} from '../../testing/privateServers.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

const UNAVAILABLE = {
  errors: [
    {
      message: 'The metadata database is unavailable. Try again in a moment.',
      error_type: 'GENERIC_BACKEND_ERROR',
      level: 'error',
      extra: { unavailable: 'metastore', issue_codes: [] },
    },
  ],
};

// A PostgreSQL cluster of the test's own holds the metadata; the test restarts it (never the shared one).
describe.skipIf(!serverCommandsAvailable(['initdb', 'pg_ctl']))('the metadata PostgreSQL restarted', () => {
  let postgres: PrivateServer & { restart(): Promise<void> };
  let harness: TestApp;
  let admin: Headers;
  let world: FaultWorld;
  let before: SavedWork;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    harness = await createTestApp({ config: { databaseUrl: postgres.url } });
    admin = await harness.bearer(ADMIN.username, ADMIN.password);
    world = await makeFaultWorld(harness, admin);
    before = await world.save('before');
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
    await postgres?.close();
  });

  const dashboards = () => harness.app.inject({ method: 'GET', url: '/api/v1/dashboard/', headers: admin });

  it('fails an in-flight request with a clean 503, refuses while down, and serves again after', async () => {
    // Hold the dashboards table, so the list request is surely running when the server goes away.
    const blocker = new pg.Client({ connectionString: postgres.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE dashboards IN ACCESS EXCLUSIVE MODE');
    const inFlight = dashboards();
    await vi.waitFor(
      async () => {
        const waiting = await blocker.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'",
        );
        expect(waiting.rows[0].n).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );

    await postgres.stop();
    const interrupted = await inFlight;
    expect(interrupted.statusCode, interrupted.body).toBe(503);
    expect(interrupted.json()).toEqual(UNAVAILABLE);
    expect(interrupted.headers['retry-after']).toBe('5');

    const whileDown = await dashboards();
    expect(whileDown.statusCode, whileDown.body).toBe(503);
    expect(whileDown.json()).toEqual(UNAVAILABLE);
    const ready = await harness.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toMatchObject({ metastore: 'failed' });

    await postgres.start();
    // The pool replaces its dead connections itself: the very next requests succeed.
    const after = await dashboards();
    expect(after.statusCode, after.body).toBe(200);
    await world.expectSaved(before);
    const written = await world.save('after');
    await world.expectSaved(written);
    expect((await harness.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  }, 60_000);
});
