import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../http/types.ts';
import { periodicTasks } from '../jobs/registry.ts';
import { createPlatform, type Platform } from '../platform/index.ts';
import { schedulerLeadership, startScheduler, tickIntervalFor } from './scheduler.ts';

const quiet = { info: () => undefined, error: () => undefined };

function contextOn(platform: Platform): AppContext {
  return { platform } as AppContext;
}

describe('scheduler', () => {
  afterEach(() => {
    periodicTasks.length = 0;
  });

  it('lets one scheduler lead at a time and hands over when the leader stops', async () => {
    const platform = createPlatform({ redisUrl: null });
    const runs: string[] = [];
    periodicTasks.push({ name: 'probe', everySeconds: 3600, run: async () => void runs.push('ran') });
    const secondLog: string[] = [];
    const first = startScheduler(contextOn(platform), quiet, { tickMs: 20 });
    await vi.waitFor(() => expect(runs).toEqual(['ran']));
    const second = startScheduler(
      contextOn(platform),
      { ...quiet, info: (m) => void secondLog.push(m) },
      { tickMs: 20 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The standby ticked several times without taking the lock from the leader.
    expect(secondLog).toEqual([]);
    await first.stop();
    await vi.waitFor(() => expect(secondLog).toEqual(['Scheduler is the leader']));
    // The new leader runs the task itself; the old one ran it once.
    await vi.waitFor(() => expect(runs).toEqual(['ran', 'ran']));
    await second.stop();
    expect(await platform.locks.acquire('scheduler-leader', 1000)).not.toBeNull();
    await platform.close();
  });

  it('keeps running after a task fails', async () => {
    const platform = createPlatform({ redisUrl: null });
    const errors: string[] = [];
    let calls = 0;
    periodicTasks.push({
      name: 'flaky',
      everySeconds: 3600,
      run: async () => {
        calls += 1;
        throw new Error('boom');
      },
    });
    const scheduler = startScheduler(contextOn(platform), {
      info: () => undefined,
      error: (m) => void errors.push(m),
    });
    // The failed run's request id names it in the jobs it queued and their workers' lines.
    await vi.waitFor(() =>
      expect(errors).toEqual([
        expect.stringMatching(/^Periodic task flaky failed: Error: boom request_id=[0-9a-f-]{36}$/),
      ]),
    );
    expect(calls).toBe(1);
    await scheduler.stop();
    await platform.close();
  });

  it("lets a standby lead once a killed leader's lock expires, ticking within the lock's lifetime", async () => {
    const platform = createPlatform({ redisUrl: null });
    const leader = schedulerLeadership(contextOn(platform), quiet, 150);
    const standby = schedulerLeadership(contextOn(platform), quiet, 150);
    expect(await leader.tick()).toBe(true);
    // The leader is killed: it neither renews nor resigns.
    expect(await standby.tick()).toBe(false);
    await vi.waitFor(async () => expect(await standby.tick()).toBe(true));
    expect(tickIntervalFor(30_000)).toBe(5000);
    expect(tickIntervalFor(3000)).toBe(1000);
    await standby.resign();
    await platform.close();
  });
});
