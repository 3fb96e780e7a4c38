import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerTurnBudget } from './turnBudget.ts';
import type { App } from './types.ts';

/** Spins for `ms`: a request whose start costs that much of the loop's turn. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Sends `count` requests at once to a route that takes `costMs` of the turn to start, and notes in one
 * list when each starts and when each one's next turn comes (a setImmediate it schedules).
 */
async function burst(budgetMs: number | null, count: number, costMs: number) {
  const app = Fastify() as unknown as App;
  const budget = budgetMs === null ? null : registerTurnBudget(app, budgetMs);
  const events: string[] = [];
  app.get('/work/:n', async (request) => {
    const { n } = request.params as { n: string };
    events.push(`start ${n}`);
    busy(costMs);
    setImmediate(() => events.push('turn'));
    return { n };
  });
  await app.ready();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, n) => app.inject({ method: 'GET', url: `/work/${n}` })),
  );
  await app.close();
  const starts = events.filter((event) => event.startsWith('start'));
  // The longest run of starts with no turn of the loop between them.
  let longest = 0;
  let run = 0;
  for (const event of events) {
    run = event === 'turn' ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return { answers, starts, longest, waitingAfter: budget?.waiting() ?? 0 };
}

describe('registerTurnBudget', () => {
  it('without a budget, every request that arrived together starts in one turn', async () => {
    const { longest } = await burst(null, 6, 8);
    expect(longest).toBe(6);
  });

  it('starts no more requests in a turn once it has lasted the target, the rest in later turns, in arrival order', async () => {
    const { answers, starts, longest, waitingAfter } = await burst(5, 6, 8);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json())).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ n: String(n) })));
    expect(starts).toEqual(['start 0', 'start 1', 'start 2', 'start 3', 'start 4', 'start 5']);
    // The turn that starts a slice may also start the first waiting request in its check phase.
    expect(longest).toBeLessThanOrEqual(2);
    expect(waitingAfter).toBe(0);
  });

  it('counts the work a start sets off after its first await, not only the start itself', async () => {
    // Eight clients that each send their next request when the last one is answered, as a load
    // generator does; each request's 3 ms of work runs after an await (a promise job after the start).
    const app = Fastify() as unknown as App;
    registerTurnBudget(app, 5);
    const events: string[] = [];
    app.get('/work', async () => {
      events.push('start');
      await null;
      busy(3);
      return {};
    });
    await app.ready();
    let running = true;
    const turn = () => {
      events.push('turn');
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    let sent = 0;
    const client = async () => {
      while (sent < 60) {
        sent += 1;
        expect((await app.inject({ method: 'GET', url: '/work' })).statusCode).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    running = false;
    await app.close();
    // The first turn starts all eight (nothing measured yet); after it, turns start one or two
    // (timing only the starting call let every waiting request start in one check phase: 16 a turn).
    const perTurn = events
      .join(' ')
      .split('turn')
      .map((part) => part.split('start').length - 1);
    expect(perTurn.reduce((sum, n) => sum + n, 0)).toBe(60);
    expect(Math.max(...perTurn.slice(2))).toBeLessThanOrEqual(2);
  });

  it('keeps arrival order and answers every request through a long queue (past its compaction)', async () => {
    const count = 1500;
    const { answers, starts, longest, waitingAfter } = await burst(0.05, count, 0.1);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(count);
    expect(starts).toEqual(Array.from({ length: count }, (_, n) => `start ${n}`));
    expect(longest).toBeLessThanOrEqual(2);
    expect(waitingAfter).toBe(0);
  });

  it('defers nothing while turns stay under the target', async () => {
    const { answers, longest } = await burst(1000, 6, 1);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(longest).toBe(6);
  });
});
