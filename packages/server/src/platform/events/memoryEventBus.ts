import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import { type JsonValue, jsonCopy } from '../json.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import {
  compareEventIds,
  DEFAULT_READ_LIMIT,
  DEFAULT_STREAM_IDLE_TTL_SECONDS,
  DEFAULT_STREAM_MAX_LENGTH,
  type EventBus,
  type EventBusLimits,
  type EventListener,
  guardListener,
  parseEventId,
  type StreamEvent,
} from './eventBus.ts';

export interface MemoryEventBusOptions extends EventBusLimits {
  onError?: (error: unknown) => void;
}

/** The one-process event bus: a capped array per channel and an EventEmitter for live push. */
export class MemoryEventBus implements EventBus {
  readonly #maxLength: number;
  // Idle channels expire like their Redis streams do, so per-session channels do not pile up.
  readonly #streams: LRUCache<string, StreamEvent[]>;
  readonly #live = new EventEmitter();
  readonly #onError: (error: unknown) => void;
  #lastMs = 0;
  #lastSeq = 0;

  constructor(options: MemoryEventBusOptions = {}) {
    this.#maxLength = options.maxLength ?? DEFAULT_STREAM_MAX_LENGTH;
    this.#streams = new LRUCache<string, StreamEvent[]>({
      max: 100_000,
      ttl: ttlSecondsToMs(options.idleTtlSeconds ?? DEFAULT_STREAM_IDLE_TTL_SECONDS),
    });
    this.#onError = options.onError ?? ((error) => console.error('[events]', error));
    // One listener per open websocket: many are normal, not a leak.
    this.#live.setMaxListeners(0);
  }

  async publish(channel: string, event: JsonValue): Promise<string> {
    const message: StreamEvent = { id: this.#nextId(), event: jsonCopy(event) };
    const stream = this.#streams.get(channel) ?? [];
    stream.push(message);
    if (stream.length > this.#maxLength) stream.splice(0, stream.length - this.#maxLength);
    this.#streams.set(channel, stream);
    this.#live.emit(channel, { id: message.id, event: jsonCopy(message.event) });
    return message.id;
  }

  async read(channel: string, lastId: string | null, limit = DEFAULT_READ_LIMIT): Promise<StreamEvent[]> {
    if (lastId !== null) parseEventId(lastId);
    const stream = this.#streams.get(channel, { updateAgeOnGet: false }) ?? [];
    const start =
      lastId === null ? 0 : stream.findIndex((message) => compareEventIds(message.id, lastId) > 0);
    if (start < 0) return [];
    return stream
      .slice(start, start + limit)
      .map((message) => ({ id: message.id, event: jsonCopy(message.event) }));
  }

  async subscribe(channel: string, listener: EventListener): Promise<() => Promise<void>> {
    const guarded = guardListener(listener, this.#onError);
    this.#live.on(channel, guarded);
    return async () => {
      this.#live.off(channel, guarded);
    };
  }

  async close(): Promise<void> {
    this.#live.removeAllListeners();
    this.#streams.clear();
  }

  /** Redis-style ids: milliseconds, then a sequence for events within the same millisecond. */
  #nextId(): string {
    const now = Date.now();
    if (now > this.#lastMs) {
      this.#lastMs = now;
      this.#lastSeq = 0;
    } else {
      this.#lastSeq += 1;
    }
    return `${this.#lastMs}-${this.#lastSeq}`;
  }
}
