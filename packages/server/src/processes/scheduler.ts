import type { AppContext } from '../http/types.ts';
import { periodicTasks } from '../jobs/registry.ts';
import type { Lock } from '../platform/locks/lockManager.ts';
import { newRequestId, runWithRequestId } from '../platform/requestScope.ts';
import type { RunningProcess } from './runningProcess.ts';

const LOCK_NAME = 'scheduler-leader';
/** VITRINA_SCHEDULER_LOCK_SECONDS' default: how long a killed leader blocks its standby. */
const DEFAULT_LOCK_MS = 30_000;
const TICK_MS = 5_000;

/** Ticks often enough to renew the lock at least twice within its lifetime, and every 5 s at most. */
export function tickIntervalFor(lockMs: number): number {
  return Math.min(TICK_MS, Math.floor(lockMs / 3));
}

type SchedulerLog = { info(message: string): void; error(message: string): void };

/** One scheduler's part in the election, driven by its caller's clock. */
export interface SchedulerLeadership {
  /** Keeps or takes the leader lock and, when leading, runs the tasks due at `now`; true when it led. */
  tick(now?: Date): Promise<boolean>;
  /** Frees the lock when held, so a standby takes over at its next tick. */
  resign(): Promise<void>;
}

/**
 * One scheduler leads at a time: it holds an expiring lock and renews it every tick; a second
 * scheduler keeps trying and takes over when the leader stops or dies.
 */
export function schedulerLeadership(
  ctx: AppContext,
  log: SchedulerLog,
  lockMs = DEFAULT_LOCK_MS,
): SchedulerLeadership {
  let lock: Lock | null = null;
  const lastRun = new Map<string, number>();
  return {
    async tick(now = new Date()) {
      if (lock && !(await lock.renew(lockMs))) {
        log.info('Scheduler lost its leadership');
        lock = null;
      }
      if (!lock) {
        lock = await ctx.platform.locks.acquire(LOCK_NAME, lockMs);
        if (lock) log.info('Scheduler is the leader');
      }
      if (!lock) return false;
      for (const task of periodicTasks) {
        if (now.getTime() - (lastRun.get(task.name) ?? 0) < task.everySeconds * 1000) continue;
        lastRun.set(task.name, now.getTime());
        // Each run has its own request id: the jobs it enqueues (report runs) carry it to the worker.
        const requestId = newRequestId();
        await runWithRequestId(requestId, () => task.run(ctx, now)).catch((error: unknown) =>
          log.error(`Periodic task ${task.name} failed: ${String(error)} request_id=${requestId}`),
        );
      }
      return true;
    },
    async resign() {
      await lock?.release();
      lock = null;
    },
  };
}

/** Ticks the leadership on a timer until stopped; `lockMs` is VITRINA_SCHEDULER_LOCK_SECONDS. */
export function startScheduler(
  ctx: AppContext,
  log: SchedulerLog,
  options: { tickMs?: number; lockMs?: number } = {},
): RunningProcess {
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const leadership = schedulerLeadership(ctx, log, lockMs);
  let stopped = false;
  const tick = async (): Promise<void> => {
    await leadership.tick();
  };

  let running = tick();
  const timer = setInterval(() => {
    if (!stopped)
      running = running
        .then(tick)
        .catch((error: unknown) => log.error(`Scheduler tick failed: ${String(error)}`));
  }, options.tickMs ?? tickIntervalFor(lockMs));

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => undefined);
      await leadership.resign();
    },
  };
}
