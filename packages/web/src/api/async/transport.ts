/**
 * How the async events reach the hub: a websocket first (Superset's `ws` transport), which reconnects
 * every 2.5 s after it closes and, after 6 reconnects that failed, gives way to polling
 * `GET /api/v1/async_event/?last_id=` every 500 ms (the server's GLOBAL_ASYNC_QUERIES_POLLING_DELAY).
 * Polling is also the way when the server has no websocket. Both resume after the hub's last id.
 * The browser's WebSocket and the HTTP call come in as functions, so this runs under fake timers.
 */
import type { AsyncEventHub } from './events.ts';

/** Superset's wsConnectErrorDelay and wsConnectMaxRetries. */
export const WS_RECONNECT_MS = 2500;
export const WS_MAX_RECONNECTS = 6;
/** Superset's default GLOBAL_ASYNC_QUERIES_POLLING_DELAY. */
export const DEFAULT_POLLING_DELAY_MS = 500;

/** The part of the browser's WebSocket used here. */
export interface SocketLike {
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export type TransportMode = 'ws' | 'polling';

export interface AsyncTransportOptions {
  hub: AsyncEventHub;
  /** What the server offers; `polling` never opens a websocket. */
  transport: TransportMode;
  /** The websocket's absolute ws(s):// URL, without a query. */
  websocketUrl: string;
  pollingDelayMs?: number;
  openSocket: (url: string) => SocketLike;
  /** `GET /api/v1/async_event/?last_id=`: the events after lastId, oldest first. */
  fetchEvents: (lastId: string | null) => Promise<unknown[]>;
  log?: (message: string, ...details: unknown[]) => void;
}

export class AsyncTransport {
  #mode: TransportMode;
  readonly #options: AsyncTransportOptions;
  #socket: SocketLike | null = null;
  /** Reconnects made since a websocket last stayed open. */
  #reconnects = 0;
  /** When the current websocket opened (Date.now()); null while it has not. */
  #openedAt: number | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #polling = false;
  #started = false;
  #stopped = false;

  constructor(options: AsyncTransportOptions) {
    this.#options = options;
    this.#mode = options.transport;
  }

  /** The transport in use now: `ws` until the websocket gave up. */
  get mode(): TransportMode {
    return this.#mode;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    if (this.#mode === 'ws') this.#connect();
    else this.wake();
  }

  /**
   * Someone waits for an event: an idle poller reads again (after the polling delay, as a job is never
   * done the moment it was queued). The websocket needs nothing: it is always listening.
   */
  wake(): void {
    if (!this.#started || this.#stopped || this.#mode !== 'polling' || this.#polling) return;
    this.#polling = true;
    this.#schedule(this.#pollingDelay());
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#socket?.close();
    this.#socket = null;
  }

  #pollingDelay(): number {
    return this.#options.pollingDelayMs ?? DEFAULT_POLLING_DELAY_MS;
  }

  #log(message: string, ...details: unknown[]): void {
    (this.#options.log ?? console.warn)(message, ...details);
  }

  #connect(): void {
    if (this.#stopped) return;
    const lastId = this.#options.hub.lastId;
    const url = lastId
      ? `${this.#options.websocketUrl}?last_id=${encodeURIComponent(lastId)}`
      : this.#options.websocketUrl;
    let socket: SocketLike;
    try {
      socket = this.#options.openSocket(url);
    } catch (error) {
      this.#log('could not open the async events websocket', error);
      this.#closed(null);
      return;
    }
    this.#socket = socket;
    this.#openedAt = null;
    socket.addEventListener('open', () => {
      this.#openedAt = Date.now();
    });
    socket.addEventListener('message', (event) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        this.#log('the async events websocket sent something that is not JSON', event.data);
        return;
      }
      this.#options.hub.receive([message]);
    });
    // A failed handshake fires error, then close: the close decides what comes next.
    socket.addEventListener('error', () => undefined);
    socket.addEventListener('close', () => this.#closed(socket));
  }

  #closed(socket: SocketLike | null): void {
    if (this.#stopped || socket !== this.#socket) return;
    this.#socket = null;
    // A connection that stayed open a while worked: counting starts again. One closed right after it
    // opened (a proxy that accepts the upgrade, then drops it) counts as failed, or it would never end.
    if (this.#openedAt !== null && Date.now() - this.#openedAt >= WS_RECONNECT_MS) this.#reconnects = 0;
    if (this.#reconnects >= WS_MAX_RECONNECTS) {
      this.#log('the async events websocket keeps failing: falling back to polling');
      this.#mode = 'polling';
      this.wake();
      return;
    }
    this.#reconnects += 1;
    this.#timer = setTimeout(() => this.#connect(), WS_RECONNECT_MS);
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), delayMs);
  }

  /** One poll, then the next after the delay while anyone waits; idle otherwise until woken. */
  async #poll(): Promise<void> {
    if (this.#stopped) return;
    const { hub } = this.#options;
    try {
      hub.receive(await this.#options.fetchEvents(hub.lastId));
    } catch (error) {
      this.#log('could not read the async events', error);
    }
    if (this.#stopped) return;
    if (hub.waiting) this.#schedule(this.#pollingDelay());
    else this.#polling = false;
  }
}
