/**
 * Short turns of the event loop under load, so new connections get in.
 *
 * Node 20's libuv accepts one new connection per turn of the event loop (libuv#3696). Under load one
 * turn starts every request whose bytes arrived since the last one, and with 200 busy connections a
 * turn lasts 100–300 ms: a burst of fresh connections then waits in the kernel's accept queue for as
 * many turns as there are connections, seconds past a client's timeout, while the established ones are
 * served every turn (bench/load.bench.ts found SQL Lab's fresh connections stalled so).
 *
 * Requests start while the current turn has spent less than `budgetMs` starting requests; the others
 * wait, first come first served, and start in the following turns (a setImmediate callback runs in the
 * turn's check phase and one it schedules runs a turn later, after the poll that accepts the next
 * connection). A server whose turns stay under the budget never defers anything.
 */
import type { App } from './types.ts';

export interface TurnBudget {
  /** Requests waiting for a later turn now (for /metrics and tests). */
  waiting(): number;
}

export function registerTurnBudget(app: App, budgetMs: number): TurnBudget {
  const queue: Array<() => void> = [];
  let head = 0;
  /** When the current turn began starting requests; null: nothing started since the last check phase. */
  let sliceStartedAt: number | null = null;
  let drainScheduled = false;

  const drain = () => {
    drainScheduled = false;
    sliceStartedAt = performance.now();
    // At least one a turn, whatever the budget: the queue always moves.
    while (head < queue.length) {
      const start = queue[head] as () => void;
      queue[head++] = noop;
      try {
        start();
      } catch (error) {
        app.log.error({ err: error }, 'starting a request that waited for its turn failed');
      }
      if (performance.now() - sliceStartedAt >= budgetMs) break;
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
      sliceStartedAt = null;
      return;
    }
    // Under sustained load the queue may never empty: drop the started part now and then.
    if (head >= COMPACT_AFTER) {
      queue.splice(0, head);
      head = 0;
    }
    scheduleDrain();
  };

  const scheduleDrain = () => {
    if (drainScheduled) return;
    drainScheduled = true;
    setImmediate(drain);
  };

  app.addHook('onRequest', (_request, _reply, done) => {
    const now = performance.now();
    if (head === queue.length) {
      if (sliceStartedAt === null) {
        sliceStartedAt = now;
        // The check phase of this turn ends the slice (and starts whatever waits by then).
        scheduleDrain();
        done();
        return;
      }
      if (now - sliceStartedAt < budgetMs) {
        done();
        return;
      }
    }
    queue.push(() => done());
    scheduleDrain();
  });

  return { waiting: () => queue.length - head };
}

const noop = () => {};
const COMPACT_AFTER = 1024;
