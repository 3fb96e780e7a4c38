import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultWorld, makeFaultWorld, type SavedWork } from '../../testing/faultWorld.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import {
  type PrivateServer,
  serverCommandsAvailable,
  startPrivatePostgres,
} from '../../testing/privateServers.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

/** A TCP server that accepts connections and never says a word: a data source that hangs. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// A data source (a database a user added) on a PostgreSQL of the test's own, stopped and started again.
describe.skipIf(!serverCommandsAvailable(['initdb', 'pg_ctl']))(
  'a data source that disappears or hangs',
  () => {
    let postgres: PrivateServer;
    let hanging: Awaited<ReturnType<typeof silentServer>>;
    let harness: TestApp;
    let admin: Headers;
    let world: FaultWorld;
    let before: SavedWork;
    let sourceId: number;
    let hangingId: number;

    beforeAll(async () => {
      [postgres, hanging] = await Promise.all([startPrivatePostgres(), silentServer()]);
      harness = await createTestApp();
      admin = await harness.bearer(ADMIN.username, ADMIN.password);
      world = await makeFaultWorld(harness, admin);
      sourceId = await insertDatabase(harness, { name: 'faulty', uri: postgres.url });
      // connect_timeout is the user's own setting (default 10 s); one second keeps the test short.
      hangingId = await insertDatabase(harness, {
        name: 'hanging',
        uri: `postgresql://postgres@127.0.0.1:${hanging.port}/postgres?connect_timeout=1`,
      });
      before = await world.save('before');
    }, 60_000);
    afterAll(async () => {
      await harness?.close();
      await Promise.all([postgres?.close(), hanging?.close()]);
    });

    const execute = (databaseId: number) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        headers: admin,
        payload: { database_id: databaseId, sql: 'select 1 as one' },
      });
    const errorOf = (body: string) => JSON.parse(body).errors?.[0];

    it('answers the typed connection error while the server is gone and runs again once it is back', async () => {
      expect((await execute(sourceId)).statusCode).toBe(200);
      await postgres.stop();

      const refused = await execute(sourceId);
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(errorOf(refused.body)).toMatchObject({
        error_type: 'CONNECTION_PORT_CLOSED_ERROR',
        level: 'error',
        extra: expect.objectContaining({ engine_name: 'PostgreSQL' }),
      });
      const tested = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/database/test_connection/',
        headers: admin,
        payload: { database_name: 'faulty', sqlalchemy_uri: postgres.url },
      });
      expect(tested.statusCode, tested.body).toBe(422);
      expect(errorOf(tested.body).error_type).toBe('CONNECTION_PORT_CLOSED_ERROR');
      // The metastore is not the data source: saved work is read and written as before.
      const during = await world.save('during-refused');
      await world.expectSaved(before);

      await postgres.start();
      const again = await execute(sourceId);
      expect(again.statusCode, again.body).toBe(200);
      await world.expectSaved(during);
    }, 60_000);

    it('answers the typed timeout error when the server accepts and never answers', async () => {
      const hung = await execute(hangingId);
      expect(hung.statusCode, hung.body).toBeGreaterThanOrEqual(400);
      expect(hung.statusCode).toBeLessThan(500);
      expect(errorOf(hung.body)).toMatchObject({ error_type: 'CONNECTION_HOST_DOWN_ERROR', level: 'error' });
      const during = await world.save('during-hang');
      await world.expectSaved(before);
      await world.expectSaved(during);
      expect((await world.chartData()).statusCode).toBe(200);
    }, 60_000);
  },
);
