import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareEventIds, type EventBus, type EventBusLimits, type StreamEvent } from './eventBus.ts';

export interface EventBusOpenOptions extends EventBusLimits {
  onError?: (error: unknown) => void;
}

/** The behaviour every EventBus implementation must have. */
export function eventBusContract(
  open: (options?: EventBusOpenOptions) => EventBus | Promise<EventBus>,
): void {
  describe('EventBus contract', () => {
    const opened: EventBus[] = [];
    const openBus = async (options?: EventBusOpenOptions) => {
      const bus = await open(options);
      opened.push(bus);
      return bus;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()));
    });

    it('reads back what was published, oldest first, with increasing ids', async () => {
      const bus = await openBus();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(await bus.publish('user-1', { job_id: `j${i}`, status: 'done', n: i }));
      const events = await bus.read('user-1', null);
      expect(events.map((e) => e.id)).toEqual(ids);
      expect(events.map((e) => e.event)).toEqual(
        [0, 1, 2, 3, 4].map((n) => ({ job_id: `j${n}`, status: 'done', n })),
      );
      for (let i = 1; i < ids.length; i++) expect(compareEventIds(ids[i]!, ids[i - 1]!)).toBeGreaterThan(0);
    });

    it('resumes after the last id a client saw, page by page', async () => {
      const bus = await openBus();
      for (let i = 0; i < 7; i++) await bus.publish('c', i);
      const seen: StreamEvent[] = [];
      let lastId: string | null = null;
      for (;;) {
        const page: StreamEvent[] = await bus.read('c', lastId, 3);
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(3);
        seen.push(...page);
        lastId = page.at(-1)!.id;
      }
      expect(seen.map((e) => e.event)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      await bus.publish('c', 7);
      expect((await bus.read('c', lastId)).map((e) => e.event)).toEqual([7]);
    });

    it('keeps channels apart and returns nothing for an unknown channel', async () => {
      const bus = await openBus();
      await bus.publish('a', 'for a');
      await bus.publish('b', 'for b');
      expect((await bus.read('a', null)).map((e) => e.event)).toEqual(['for a']);
      expect(await bus.read('nobody', null)).toEqual([]);
    });

    it('rejects a last id that is not an event id', async () => {
      const bus = await openBus();
      await expect(bus.read('a', 'not-an-id')).rejects.toThrow(RangeError);
    });

    it('caps each stream, keeping the newest events in order', async () => {
      const bus = await openBus({ maxLength: 10 });
      const ids: string[] = [];
      for (let i = 0; i < 300; i++) ids.push(await bus.publish('busy', i));
      const kept = (await bus.read('busy', null, 1000)).map((e) => e.event as number);
      // Redis trims approximately (whole nodes of ~100 entries): at least maxLength, far fewer than all.
      expect(kept.length).toBeGreaterThanOrEqual(10);
      expect(kept.length).toBeLessThan(300);
      expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 300 - kept.length + i));
      // A client whose last id fell off the stream gets what is left.
      expect((await bus.read('busy', ids[0]!, 1000)).length).toBe(kept.length);
    });

    it('pushes events published after subscribing, until unsubscribed', async () => {
      const bus = await openBus();
      await bus.publish('live', 'before');
      const received: StreamEvent[] = [];
      const other: StreamEvent[] = [];
      const unsubscribe = await bus.subscribe('live', (message) => received.push(message));
      await bus.subscribe('elsewhere', (message) => other.push(message));
      const id = await bus.publish('live', { status: 'running' });
      await vi.waitFor(() => expect(received).toEqual([{ id, event: { status: 'running' } }]));
      await unsubscribe();
      await bus.publish('live', 'after');
      await bus.publish('elsewhere', 'marker');
      // Delivery is in publish order, so once the marker arrived "after" would have too.
      await vi.waitFor(() => expect(other.map((m) => m.event)).toEqual(['marker']));
      expect(received).toHaveLength(1);
    });

    it('keeps delivering to other listeners when one throws', async () => {
      const errors: unknown[] = [];
      const bus = await openBus({ onError: (error) => errors.push(error) });
      const received: unknown[] = [];
      await bus.subscribe('ch', () => {
        throw new Error('listener bug');
      });
      await bus.subscribe('ch', (message) => received.push(message.event));
      await bus.publish('ch', 1);
      await bus.publish('ch', 2);
      await vi.waitFor(() => expect(received).toEqual([1, 2]));
      expect(errors).toHaveLength(2);
    });
  });
}
