import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { prepareMetastore } from '../prepareMetastore.ts';
import {
  type Installation,
  openInstallation,
  post,
  type QueryGate,
  registerQueryGate,
  signIn,
  until,
  type VitrinaProcess,
} from '../testing/installation.ts';
import { serviceAvailable } from '../testing/services.ts';

/**
 * Issue 23: SIGTERM (a deploy, a scale-in) stops a process gracefully. A `worker` finishes the job it
 * is running before it exits (it is not handed back); a `serve` stops accepting connections and
 * answers the requests it already has before it exits.
 */

const hasServices = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(!hasServices)('SIGTERM', { timeout: 90_000 }, () => {
  let installation: Installation;
  let base: string;
  let server: VitrinaProcess;
  let worker: VitrinaProcess;
  let gate: QueryGate;

  const statusOf = async (queryId: number) =>
    (await installation.one<{ status: string }>('SELECT status FROM queries WHERE id = $1', [queryId]))!
      .status;
  const sawSignal = (proc: VitrinaProcess) => async () =>
    proc.output().includes('SIGTERM received') ? true : undefined;

  beforeAll(async () => {
    installation = await openInstallation('drain');
    // This process migrates the metastore, as `db upgrade` does.
    await (await prepareMetastore(loadConfig(installation.env))).close();
    worker = installation.start('worker', ['worker']);
    ({ base, proc: server } = await installation.serve('serve', { VITRINA_LOAD_EXAMPLES: 'false' }));
    gate = await registerQueryGate(base);
  }, 90_000);

  afterAll(async () => {
    await gate?.open();
    await installation?.close();
    await gate?.close();
  });

  it('lets a worker finish the query it is running, then exit', async () => {
    await gate.shut();
    const submitted = await post(base, '/api/v1/sqllab/execute/', await signIn(base), {
      database_id: gate.databaseId,
      sql: gate.sql,
      runAsync: true,
    });
    expect(submitted.status, await submitted.clone().text()).toBe(202);
    const queryId = ((await submitted.json()) as { query: { queryId: number } }).query.queryId;
    await until(
      'the worker runs it',
      async () => ((await statusOf(queryId)) === 'running' ? true : undefined),
      30_000,
    );

    worker.child.kill('SIGTERM');
    await until('the worker heard SIGTERM', sawSignal(worker), 10_000);
    // Stopping, it still holds the query: not exited, not handed back.
    expect(worker.child.exitCode).toBeNull();
    expect(await statusOf(queryId)).toBe('running');

    await gate.open();
    expect(await worker.exited).toBe(0);
    expect(await statusOf(queryId)).toBe('success');
  });

  it('lets a server answer the request it has, refusing new connections, then exit', async () => {
    await gate.shut();
    const port = Number(new URL(base).port);
    const headers = await signIn(base);
    const slow = post(base, '/api/v1/sqllab/execute/', headers, {
      database_id: gate.databaseId,
      sql: gate.sql,
      runAsync: false,
    });
    await until(
      'the server runs the query',
      async () =>
        (await installation.one("SELECT id FROM queries WHERE status = 'running' AND run_async = 0"))
          ? true
          : undefined,
      30_000,
    );

    server.child.kill('SIGTERM');
    await until('the server heard SIGTERM', sawSignal(server), 10_000);
    await until(
      'new connections are refused',
      async () => ((await accepts(port)) ? undefined : true),
      10_000,
    );
    expect(server.child.exitCode).toBeNull();

    await gate.open();
    const response = await slow;
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { data: Array<{ n: number }> }).data).toEqual([{ n: 0 }]);
    expect(await server.exited).toBe(0);
  });
});
