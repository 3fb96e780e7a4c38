import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../http/types.ts';
import type { RunningProcess } from '../processes/runningProcess.ts';
import { startWorker } from '../processes/worker.ts';

/**
 * For the tests of one describe block: GLOBAL_ASYNC_QUERIES on and a worker running the queued chart
 * data jobs in this process; both undone after the block.
 */
export function withAsyncQueries(context: () => AppContext): void {
  let worker: RunningProcess | undefined;
  beforeAll(() => {
    context().config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
    worker = startWorker(context(), { info: () => undefined });
  });
  afterAll(async () => {
    context().config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
    await worker?.stop();
  });
}
