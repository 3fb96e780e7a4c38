import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sweepAbandonedQueries, WORKER_LOST_MESSAGE } from '../flows/sqllab/asyncQueries.ts';
import type { AppContext } from '../http/types.ts';
import { closeContext, openContext } from '../startup.ts';
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
 * Issue 23: a `worker` process killed (SIGKILL, OOM, a lost machine) in the middle of an async SQL Lab
 * query writes nothing more. The query must not show running forever: it is failed with a message
 * saying why, and the user runs it again.
 */

const hasServices = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));

interface QueryState {
  status: string;
  error_message: string | null;
}

describe.skipIf(!hasServices)('an async SQL Lab query whose worker is killed', { timeout: 90_000 }, () => {
  let installation: Installation;
  let base: string;
  let gate: QueryGate;

  const stateOf = async (queryId: number) =>
    (await installation.one<QueryState>('SELECT status, error_message FROM queries WHERE id = $1', [
      queryId,
    ]))!;

  async function submit(): Promise<number> {
    const response = await post(base, '/api/v1/sqllab/execute/', await signIn(base), {
      database_id: gate.databaseId,
      sql: gate.sql,
      runAsync: true,
    });
    expect(response.status, await response.clone().text()).toBe(202);
    return ((await response.json()) as { query: { queryId: number } }).query.queryId;
  }

  const settled = (queryId: number, what: string) =>
    until(
      what,
      async () => {
        const state = await stateOf(queryId);
        return ['success', 'failed'].includes(state.status) ? state : undefined;
      },
      30_000,
    );

  /** Has the (only) worker take the gated query and kills it there. */
  async function killedMidQuery(victim: VitrinaProcess): Promise<number> {
    await gate.shut();
    const queryId = await submit();
    await until(
      'the worker runs the query',
      async () => ((await stateOf(queryId)).status === 'running' ? true : undefined),
      60_000,
    );
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    // Nothing else writes for it: it still says running.
    expect((await stateOf(queryId)).status).toBe('running');
    return queryId;
  }

  let ctx: AppContext;
  let worker: VitrinaProcess;

  beforeAll(async () => {
    installation = await openInstallation('orphans', {
      // A killed worker's hold on its job expires after this (the production default is 30 s).
      VITRINA_WORKER_LOCK_SECONDS: '1',
    });
    // This process migrates the metastore (as `db upgrade` does) and sweeps as the scheduler leader does.
    ctx = await openContext({ ...loadConfig(installation.env), sharedDataFiles: true });
    worker = installation.start('worker 1', ['worker']);
    base = (await installation.serve('serve', { VITRINA_LOAD_EXAMPLES: 'false' })).base;
    gate = await registerQueryGate(base);
  }, 90_000);

  afterAll(async () => {
    await gate?.open();
    if (ctx) await closeContext(ctx);
    await installation?.close();
    await gate?.close();
  });

  it("is failed by the scheduler's sweep when no worker is left, and runs again", async () => {
    const queryId = await killedMidQuery(worker);
    // The scheduler leader's periodic sweep: the job's lock expired with its worker.
    await until(
      'the sweep fails it',
      async () => ((await sweepAbandonedQueries(ctx)) > 0 ? true : undefined),
      30_000,
    );
    expect(await stateOf(queryId)).toEqual({ status: 'failed', error_message: WORKER_LOST_MESSAGE });

    await gate.open();
    worker = installation.start('worker 2', ['worker']);
    expect(await settled(await submit(), 'the query run again')).toEqual({
      status: 'success',
      error_message: null,
    });
  });

  it('is failed by the next worker, which takes the stalled job back from the queue', async () => {
    const queryId = await killedMidQuery(worker);
    // No sweep this time: a new worker's stalled-job check hands the job back, and the worker fails the
    // row rather than run again a query that may have half-written.
    installation.start('worker 3', ['worker']);
    expect(await settled(queryId, 'the new worker fails it')).toEqual({
      status: 'failed',
      error_message: WORKER_LOST_MESSAGE,
    });
    await gate.open();
    expect(await settled(await submit(), 'the query run again')).toEqual({
      status: 'success',
      error_message: null,
    });
  });
});
