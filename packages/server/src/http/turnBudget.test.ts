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

  it('starts no more than a budget of requests a turn, the rest in later turns, in arrival order', async () => {
    const { answers, starts, longest, waitingAfter } = await burst(5, 6, 8);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json())).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ n: String(n) })));
    expect(starts).toEqual(['start 0', 'start 1', 'start 2', 'start 3', 'start 4', 'start 5']);
    // The turn that starts a slice may also start the first waiting request in its check phase.
    expect(longest).toBeLessThanOrEqual(2);
    expect(waitingAfter).toBe(0);
  });

  it('keeps arrival order and answers every request through a long queue (past its compaction)', async () => {
    const count = 1500;
    const { answers, starts, longest, waitingAfter } = await burst(0.05, count, 0.1);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(count);
    expect(starts).toEqual(Array.from({ length: count }, (_, n) => `start ${n}`));
    expect(longest).toBeLessThanOrEqual(2);
    expect(waitingAfter).toBe(0);
  });

  it('defers nothing while the turn has budget left', async () => {
    const { answers, longest } = await burst(1000, 6, 1);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(longest).toBe(6);
  });
});
