/**
 * Short turns of the event loop under load, so new connections get in.
 *
 * Node 20's libuv accepts one new connection per turn of the event loop (libuv#3696). Under load one
 * turn starts every request whose bytes arrived since the last, and with 200 busy connections a turn
 * lasts 100–300 ms: a burst of fresh connections then waits in the kernel's accept queue for as many
 * turns as there are connections, seconds past a client's timeout, while the established ones are
 * served every turn (bench/load.bench.ts found SQL Lab's fresh connections stalled so).
 *
 * The hook keeps a busy turn near `targetMs`. A request starts at once while the turn so far is
 * shorter than that and the turn has started fewer requests than its allowance; the others wait,
 * first come first served, and start in the check phase of a later turn, at least one a turn. The
 * allowance follows the measured length of each busy turn (from one check phase to the next): a
 * started request's work mostly runs after its start — in promise jobs after the check phase, in
 * I/O callbacks of later turns — so the time spent starting requests says little, the length of the
 * turn says it all. A server whose turns stay short never defers anything.
 */
import type { App } from './types.ts';

export interface TurnBudget {
  /** Requests waiting for a later turn now (for /metrics and tests). */
  waiting(): number;
  /** How many requests a turn may start now (Infinity while turns are short). */
  allowance(): number;
}

export function registerTurnBudget(app: App, targetMs: number): TurnBudget {
  const queue: Array<() => void> = [];
  let head = 0;
  let allowance = Number.POSITIVE_INFINITY;
  let startedThisTurn = 0;
  /** When the turn being timed began (the last check phase); null: no busy turn is being timed. */
  let turnStartedAt: number | null = null;
  let checkScheduled = false;

  /** The allowance after a busy turn of `turnMs` that started `started` requests. */
  const adapt = (turnMs: number, started: number) => {
    if (turnMs > targetMs) {
      allowance = Math.max(1, Math.floor((started * targetMs) / turnMs));
    } else if (started >= allowance) {
      allowance = allowance + Math.ceil(allowance / 2);
    }
  };

  /** The check phase: ends the turn, times it, and starts what waits up to the new allowance. */
  const endTurn = () => {
    checkScheduled = false;
    const now = performance.now();
    if (turnStartedAt !== null) adapt(now - turnStartedAt, startedThisTurn);
    startedThisTurn = 0;
    const waited = head < queue.length;
    while (head < queue.length && (startedThisTurn === 0 || startedThisTurn < allowance)) {
      const start = queue[head] as () => void;
      queue[head++] = noop;
      startedThisTurn += 1;
      try {
        start();
      } catch (error) {
        app.log.error({ err: error }, 'starting a request that waited for its turn failed');
      }
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    } else if (head >= COMPACT_AFTER) {
      // Under sustained load the queue may never empty: drop the started part now and then.
      queue.splice(0, head);
      head = 0;
    }
    if (waited || head < queue.length) {
      // Busy: time the next turn from here (what was just started runs its promise jobs in it).
      turnStartedAt = now;
      scheduleCheck();
    } else {
      // A turn that had nothing waiting: the loop is keeping up, so nothing is held back until it is not.
      turnStartedAt = null;
      allowance = Number.POSITIVE_INFINITY;
    }
  };

  const scheduleCheck = () => {
    if (checkScheduled) return;
    checkScheduled = true;
    setImmediate(endTurn);
  };

  app.addHook('onRequest', (_request, _reply, done) => {
    const now = performance.now();
    if (turnStartedAt === null) turnStartedAt = now;
    scheduleCheck();
    if (head === queue.length && startedThisTurn < allowance && now - turnStartedAt < targetMs) {
      startedThisTurn += 1;
      done();
      return;
    }
    queue.push(() => done());
  });

  return { waiting: () => queue.length - head, allowance: () => allowance };
}

const noop = () => {};
const COMPACT_AFTER = 1024;
