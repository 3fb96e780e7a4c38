import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AsyncEvent, AsyncEventHub } from './events.ts';
import { AsyncTransport, type SocketLike, WS_MAX_RECONNECTS, WS_RECONNECT_MS } from './transport.ts';

/** A websocket the test opens, fails, closes and speaks through. */
class FakeSocket implements SocketLike {
  readonly listeners: Record<string, Array<(event: { data: unknown }) => void>> = {};
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    const listeners = this.listeners[type] ?? [];
    listeners.push(listener);
    this.listeners[type] = listeners;
  }
  close(): void {
    this.closed = true;
  }
  emit(type: 'open' | 'close' | 'error' | 'message', data?: unknown): void {
    for (const listener of this.listeners[type] ?? []) listener({ data });
  }
  /** A handshake that failed: error, then close. */
  fail(): void {
    this.emit('error');
    this.emit('close');
  }
}

const WS_URL = 'ws://app.example/api/v1/async_event/ws';
const done = (id: string, jobId: string): AsyncEvent => ({ id, job_id: jobId, status: 'done' });

function setUp(options: { transport?: 'ws' | 'polling'; lastId?: string } = {}) {
  const hub = new AsyncEventHub({ lastId: options.lastId ?? null, log: () => undefined });
  const sockets: FakeSocket[] = [];
  const polls: Array<string | null> = [];
  let nextPage: unknown[] = [];
  const transport = new AsyncTransport({
    hub,
    transport: options.transport ?? 'ws',
    websocketUrl: WS_URL,
    pollingDelayMs: 500,
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    fetchEvents: async (lastId) => {
      polls.push(lastId);
      const page = nextPage;
      nextPage = [];
      return page;
    },
    log: () => undefined,
  });
  return {
    hub,
    transport,
    sockets,
    polls,
    answerNextPoll: (events: unknown[]) => {
      nextPage = events;
    },
  };
}

describe('AsyncTransport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the websocket with the last id and hands its messages to the hub', () => {
    const { hub, transport, sockets } = setUp({ lastId: '100-0' });
    const seen: AsyncEvent[] = [];
    hub.listen('job-1', (e) => seen.push(e));
    transport.start();
    expect(sockets.map((s) => s.url)).toEqual([`${WS_URL}?last_id=100-0`]);
    sockets[0]?.emit('open');
    sockets[0]?.emit('message', JSON.stringify(done('101-0', 'job-1')));
    expect(seen).toEqual([done('101-0', 'job-1')]);
    expect(hub.lastId).toBe('101-0');
    // A message that is not JSON is skipped.
    sockets[0]?.emit('message', 'not json');
    expect(seen).toHaveLength(1);
  });

  it('reconnects 2.5 s after a close, resuming after the last event seen', () => {
    const { hub, transport, sockets } = setUp();
    transport.start();
    expect(sockets[0]?.url).toBe(WS_URL);
    sockets[0]?.emit('open');
    hub.receive([done('200-3', 'other')]);
    sockets[0]?.emit('close');
    vi.advanceTimersByTime(WS_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[1]?.url).toBe(`${WS_URL}?last_id=200-3`);
    hub.close();
  });

  it('falls back to polling after 6 reconnects that failed, 2.5 s apart', async () => {
    const { hub, transport, sockets, polls } = setUp();
    hub.listen('job-1', () => undefined);
    transport.start();
    sockets[0]?.fail();
    for (let reconnect = 1; reconnect <= WS_MAX_RECONNECTS; reconnect++) {
      vi.advanceTimersByTime(WS_RECONNECT_MS);
      expect(sockets).toHaveLength(reconnect + 1);
      expect(transport.mode).toBe('ws');
      sockets[reconnect]?.fail();
    }
    expect(transport.mode).toBe('polling');
    await vi.advanceTimersByTimeAsync(WS_RECONNECT_MS * 4);
    // No seventh reconnect: it polls instead.
    expect(sockets).toHaveLength(WS_MAX_RECONNECTS + 1);
    expect(polls.length).toBeGreaterThan(0);
  });

  it('starts counting again once a connection stayed open, not when one is dropped right away', () => {
    const { transport, sockets } = setUp();
    transport.start();
    for (let i = 0; i < 5; i++) {
      sockets.at(-1)?.fail();
      vi.advanceTimersByTime(WS_RECONNECT_MS);
    }
    sockets.at(-1)?.emit('open');
    vi.advanceTimersByTime(60_000);
    for (let i = 0; i < WS_MAX_RECONNECTS; i++) {
      sockets.at(-1)?.emit('close');
      vi.advanceTimersByTime(WS_RECONNECT_MS);
    }
    expect(transport.mode).toBe('ws');
    // Accepted, then dropped at once, six more times: that is failing too.
    sockets.at(-1)?.emit('open');
    sockets.at(-1)?.emit('close');
    expect(transport.mode).toBe('polling');
    expect(sockets).toHaveLength(5 + 1 + WS_MAX_RECONNECTS);
  });

  it('polls every 500 ms while anyone waits, with the last id, and idles when nobody does', async () => {
    const { hub, transport, polls, answerNextPoll, sockets } = setUp({ transport: 'polling' });
    const seen: AsyncEvent[] = [];
    const stop = hub.listen('job-1', (e) => seen.push(e));
    transport.start();
    expect(sockets).toEqual([]);
    await vi.advanceTimersByTimeAsync(499);
    expect(polls).toEqual([]);
    answerNextPoll([done('300-0', 'other-job')]);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls).toEqual([null]);
    await vi.advanceTimersByTimeAsync(500);
    expect(polls).toEqual([null, '300-0']);
    answerNextPoll([done('301-0', 'job-1')]);
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual([done('301-0', 'job-1')]);
    stop();
    // The event for other-job waits for its listener a while; once it is dropped polling idles.
    await vi.advanceTimersByTimeAsync(5000);
    const idle = polls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(polls.length).toBe(idle);
    // A new job wakes it: the next poll comes after the delay, from the last id.
    hub.listen('job-2', () => undefined);
    transport.wake();
    await vi.advanceTimersByTimeAsync(500);
    expect(polls.at(-1)).toBe('301-0');
    expect(polls.length).toBe(idle + 1);
  });

  it('keeps polling after a failed poll', async () => {
    const hub = new AsyncEventHub({ log: () => undefined });
    let calls = 0;
    const transport = new AsyncTransport({
      hub,
      transport: 'polling',
      websocketUrl: WS_URL,
      openSocket: () => {
        throw new Error('no websocket');
      },
      fetchEvents: async () => {
        calls += 1;
        throw new Error('Network error');
      },
      log: () => undefined,
    });
    hub.listen('job', () => undefined);
    transport.start();
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toBe(3);
    transport.stop();
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toBe(3);
  });
});
