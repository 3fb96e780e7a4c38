import type { AppContext } from '../../http/types.ts';

/** A counting semaphore: `acquire` resolves when a slot is free; the answer releases it. */
export class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {}

  get busy(): number {
    return this.active;
  }

  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.active++;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.active--;
          this.waiting.shift()?.();
        });
      };
      if (this.active < this.size) grant();
      else this.waiting.push(grant);
    });
  }

  /** Whether nobody holds or waits for a slot (the user's entry can be dropped). */
  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }
}

const slotsByContext = new WeakMap<AppContext, Map<number, Slots>>();

/**
 * Runs `task` in one of the user's slots; the slots are shared by all their requests in this process.
 * A 30-chart dashboard must not take every database connection: each user gets a few slots
 * (VITRINA_DASHBOARD_CONCURRENCY); their other charts wait in line.
 */
export async function withUserSlot<T>(
  ctx: AppContext,
  userId: number,
  task: () => Promise<T>,
  size = ctx.config.chartData.dashboardConcurrency,
): Promise<T> {
  let users = slotsByContext.get(ctx);
  if (!users) {
    users = new Map();
    slotsByContext.set(ctx, users);
  }
  let slots = users.get(userId);
  if (!slots) {
    slots = new Slots(size);
    users.set(userId, slots);
  }
  const release = await slots.acquire();
  try {
    return await task();
  } finally {
    release();
    if (slots.idle) users.delete(userId);
  }
}
