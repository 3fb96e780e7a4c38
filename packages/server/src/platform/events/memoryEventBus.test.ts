import { describe, expect, it } from 'vitest';
import { eventBusContract } from './eventBus.contract.ts';
import { MemoryEventBus } from './memoryEventBus.ts';

describe('MemoryEventBus', () => {
  eventBusContract((options) => new MemoryEventBus(options));

  it('keeps exactly maxLength events per channel', async () => {
    const bus = new MemoryEventBus({ maxLength: 3 });
    for (let i = 0; i < 10; i++) await bus.publish('c', i);
    expect((await bus.read('c', null)).map((e) => e.event)).toEqual([7, 8, 9]);
  });

  it('gives increasing ids to events published within the same millisecond', async () => {
    const bus = new MemoryEventBus();
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => bus.publish('c', i)));
    expect(new Set(ids).size).toBe(50);
    expect((await bus.read('c', null)).map((e) => e.event)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
