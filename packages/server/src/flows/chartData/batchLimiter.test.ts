import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../http/types.ts';
import { Slots, withUserSlot } from './batchLimiter.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('Slots', () => {
  it('lets at most `size` holders in and the next waiter in on release', async () => {
    const slots = new Slots(2);
    const first = await slots.acquire();
    await slots.acquire();
    let thirdIn = false;
    const third = slots.acquire().then((release) => {
      thirdIn = true;
      return release;
    });
    await tick();
    expect(thirdIn).toBe(false);
    first();
    first(); // a second release of the same slot frees nothing more
    await third;
    expect(thirdIn).toBe(true);
    expect(slots.busy).toBe(2);
  });
});

describe('withUserSlot', () => {
  it('bounds each user separately', async () => {
    const ctx = {} as AppContext;
    let running = 0;
    let most = 0;
    const gate = deferred();
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await gate.promise;
      running--;
    };
    const alice = Array.from({ length: 5 }, () => withUserSlot(ctx, 1, task, 2));
    const bob = withUserSlot(ctx, 2, task, 2);
    await tick();
    expect(running).toBe(3);
    gate.resolve();
    await Promise.all([...alice, bob]);
    expect(most).toBe(3);
  });

  it('frees the slot when the task fails', async () => {
    const ctx = {} as AppContext;
    await expect(withUserSlot(ctx, 1, () => Promise.reject(new Error('boom')), 1)).rejects.toThrow('boom');
    await expect(withUserSlot(ctx, 1, async () => 'next', 1)).resolves.toBe('next');
  });
});
