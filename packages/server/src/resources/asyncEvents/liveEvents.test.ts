import { describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '../../platform/events/eventBus.ts';
import { MemoryEventBus } from '../../platform/events/memoryEventBus.ts';
import { followChannel } from './liveEvents.ts';

describe('followChannel', () => {
  it('sends the kept events after last_id, then live ones, each once and in order', async () => {
    const bus = new MemoryEventBus();
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) ids.push(await bus.publish('c', i));
    const sent: StreamEvent[] = [];
    const stop = await followChannel(bus, 'c', ids[9] ?? null, (message) => sent.push(message));
    expect(sent.map((m) => m.event)).toEqual(Array.from({ length: 240 }, (_, i) => i + 10));
    await bus.publish('c', 'live');
    await bus.publish('other', 'not mine');
    expect(sent.at(-1)?.event).toBe('live');
    await stop();
    await bus.publish('c', 'after');
    expect(sent.at(-1)?.event).toBe('live');
  });

  it('neither misses nor repeats an event published while the history is read', async () => {
    const bus = new MemoryEventBus();
    await bus.publish('c', 'old');
    const read = bus.read.bind(bus);
    let published = false;
    vi.spyOn(bus, 'read').mockImplementation(async (channel, lastId, limit) => {
      // Published after the subscription, before the read: the read and the live push both see it.
      if (!published) {
        published = true;
        await bus.publish('c', 'racing');
      }
      return read(channel, lastId, limit);
    });
    const sent: StreamEvent[] = [];
    await followChannel(bus, 'c', null, (message) => sent.push(message));
    await bus.publish('c', 'live');
    expect(sent.map((m) => m.event)).toEqual(['old', 'racing', 'live']);
  });
});
