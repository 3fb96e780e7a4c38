import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AsyncEvent, AsyncEventHub, eventIdAfter, LISTENER_RETRIES } from './events.ts';

const event = (id: string, jobId: string, status = 'done'): AsyncEvent => ({
  id,
  job_id: jobId,
  status,
  result_url: `/api/v1/chart/data/${jobId}`,
});

describe('AsyncEventHub', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands each event to its job's listener, until the listener is removed", () => {
    const hub = new AsyncEventHub({ log: () => undefined });
    const seen: AsyncEvent[] = [];
    const stop = hub.listen('job-1', (e) => seen.push(e));
    expect(hub.waiting).toBe(true);
    hub.receive([event('1-0', 'job-1', 'running'), event('2-0', 'job-1')]);
    expect(seen.map((e) => e.status)).toEqual(['running', 'done']);
    stop();
    expect(hub.waiting).toBe(false);
    hub.receive([event('3-0', 'job-1')]);
    expect(seen).toHaveLength(2);
  });

  it('retries an event that came before its listener at 100, 200, … ms, up to 6 times, then drops it', () => {
    const log = vi.fn();
    const hub = new AsyncEventHub({ log });
    const early = event('5-0', 'late-job');
    hub.receive([early]);
    expect(hub.waiting).toBe(true);
    // Retry n happens n × 100 ms after the previous one: at 100, 300, 600, 1000, 1500, 2100 ms.
    const seen: AsyncEvent[] = [];
    vi.advanceTimersByTime(1499);
    hub.listen('late-job', (e) => seen.push(e));
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([early]);
    expect(log).not.toHaveBeenCalled();
  });

  it('drops an event whose listener never comes after the sixth retry', () => {
    const log = vi.fn();
    const hub = new AsyncEventHub({ log });
    hub.receive([event('5-0', 'orphan')]);
    const steps = Array.from({ length: LISTENER_RETRIES }, (_, i) => (i + 1) * 100);
    // Each retry finds no listener and waits longer; the last is at 2100 ms.
    vi.advanceTimersByTime(steps.reduce((sum, step) => sum + step, 0) - 1);
    expect(log).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(log).toHaveBeenCalledWith('no listener for job', 'orphan');
    expect(hub.waiting).toBe(false);
    // A listener that comes later gets nothing.
    const seen: AsyncEvent[] = [];
    hub.listen('orphan', (e) => seen.push(e));
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([]);
  });

  it('keeps the newest event id, from the stored one on, and tells whoever keeps it', () => {
    const kept: string[] = [];
    const hub = new AsyncEventHub({ lastId: '10-0', onLastId: (id) => kept.push(id), log: () => undefined });
    expect(hub.lastId).toBe('10-0');
    hub.receive([event('10-0', 'a'), event('11-0', 'b'), event('11-1', 'c')]);
    expect(hub.lastId).toBe('11-1');
    // An older event (a retried one, another tab's) does not move it back.
    hub.receive([event('9-5', 'd')]);
    expect(hub.lastId).toBe('11-1');
    expect(kept).toEqual(['11-0', '11-1']);
    hub.close();
  });

  it('skips messages that are not events', () => {
    const log = vi.fn();
    const hub = new AsyncEventHub({ log });
    hub.receive([null, { id: 'x', job_id: 'a', status: 'done' }, { id: '1-0' }]);
    expect(hub.lastId).toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
  });
});

describe('eventIdAfter', () => {
  it('orders stream ids by milliseconds, then sequence', () => {
    expect(eventIdAfter('1607477697866-1', '1607477697866-0')).toBe(true);
    expect(eventIdAfter('1607477697867-0', '1607477697866-9')).toBe(true);
    expect(eventIdAfter('1607477697866-0', '1607477697866-0')).toBe(false);
    expect(eventIdAfter('999-0', '1000-0')).toBe(false);
  });
});
