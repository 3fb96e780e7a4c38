import type { AppContext } from '../http/types.ts';
import { periodicTasks } from '../jobs/registry.ts';
import type { Lock } from '../platform/locks/lockManager.ts';
import type { RunningProcess } from './runningProcess.ts';

const LOCK_NAME = 'scheduler-leader';
const LOCK_TTL_MS = 30_000;
const TICK_MS = 5_000;

/**
 * One scheduler leads at a time: it holds an expiring lock and renews it every tick; a second
 * scheduler keeps trying and takes over when the leader stops or dies.
 */
export function startScheduler(
  ctx: AppContext,
  log: { info(message: string): void; error(message: string): void },
  options: { tickMs?: number } = {},
): RunningProcess {
  let lock: Lock | null = null;
  let stopped = false;
  const lastRun = new Map<string, number>();

  const tick = async () => {
    if (lock && !(await lock.renew(LOCK_TTL_MS))) {
      log.info('Scheduler lost its leadership');
      lock = null;
    }
    if (!lock) {
      lock = await ctx.platform.locks.acquire(LOCK_NAME, LOCK_TTL_MS);
      if (lock) log.info('Scheduler is the leader');
    }
    if (!lock) return;
    const now = Date.now();
    for (const task of periodicTasks) {
      if (now - (lastRun.get(task.name) ?? 0) < task.everySeconds * 1000) continue;
      lastRun.set(task.name, now);
      await task
        .run(ctx)
        .catch((error: unknown) => log.error(`Periodic task ${task.name} failed: ${String(error)}`));
    }
  };

  let running = tick();
  const timer = setInterval(() => {
    if (!stopped)
      running = running
        .then(tick)
        .catch((error: unknown) => log.error(`Scheduler tick failed: ${String(error)}`));
  }, options.tickMs ?? TICK_MS);

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => undefined);
      await lock?.release();
    },
  };
}
