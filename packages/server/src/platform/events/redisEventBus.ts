import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { JsonValue } from '../json.ts';
import type { RedisPartOptions } from '../redisPart.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import {
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

export interface RedisEventBusOptions extends EventBusLimits, RedisPartOptions {
  onError?: (error: unknown) => void;
}

// Append, trim, refresh the idle expiry and push live in one step, so a subscriber never sees an
// event that a reader of the stream could miss, and the id comes back in the same round trip.
// The stream key doubles as the pub/sub channel name (the two namespaces are separate in Redis).
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'data', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', KEYS[1], '{"id":"' .. id .. '","event":' .. ARGV[2] .. '}')
return id`;

/** Events shared by every process: a Redis stream per channel (XADD/XRANGE) plus pub/sub for live push. */
export class RedisEventBus implements EventBus {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #maxLength: number;
  readonly #idleTtlMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #live = new EventEmitter();
  /** SUBSCRIBE per Redis channel, awaited by everyone subscribing to it. */
  readonly #subscriptions = new Map<string, Promise<unknown>>();
  // A connection in subscriber mode can run no other command, so it is separate and made on demand.
  #subscriber: Redis | undefined;

  constructor(options: RedisEventBusOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'vitrina:events:';
    this.#maxLength = options.maxLength ?? DEFAULT_STREAM_MAX_LENGTH;
    this.#idleTtlMs = ttlSecondsToMs(options.idleTtlSeconds ?? DEFAULT_STREAM_IDLE_TTL_SECONDS);
    this.#onError = options.onError ?? ((error) => console.error('[events]', error));
    this.#live.setMaxListeners(0);
  }

  async publish(channel: string, event: JsonValue): Promise<string> {
    const data = JSON.stringify(event);
    const id = await this.#redis.eval(
      PUBLISH_SCRIPT,
      1,
      this.#prefix + channel,
      this.#maxLength,
      data,
      this.#idleTtlMs,
    );
    return String(id);
  }

  async read(channel: string, lastId: string | null, limit = DEFAULT_READ_LIMIT): Promise<StreamEvent[]> {
    // "(" makes the start exclusive: events strictly after the client's last id.
    if (lastId !== null) parseEventId(lastId);
    const start = lastId === null ? '-' : `(${lastId}`;
    const entries = await this.#redis.xrange(this.#prefix + channel, start, '+', 'COUNT', limit);
    return entries.map(([id, fields]) => ({
      id,
      event: JSON.parse(fieldValue(fields, 'data')) as JsonValue,
    }));
  }

  async subscribe(channel: string, listener: EventListener): Promise<() => Promise<void>> {
    const key = this.#prefix + channel;
    const guarded = guardListener(listener, this.#onError);
    this.#live.on(key, guarded);
    let subscribed = this.#subscriptions.get(key);
    if (!subscribed) {
      subscribed = this.#subscriberConnection().subscribe(key);
      this.#subscriptions.set(key, subscribed);
    }
    try {
      await subscribed;
    } catch (error) {
      this.#live.off(key, guarded);
      if (this.#live.listenerCount(key) === 0) this.#subscriptions.delete(key);
      throw error;
    }
    return async () => {
      this.#live.off(key, guarded);
      if (this.#live.listenerCount(key) > 0 || !this.#subscriptions.has(key)) return;
      this.#subscriptions.delete(key);
      await this.#subscriber?.unsubscribe(key);
    };
  }

  async close(): Promise<void> {
    this.#live.removeAllListeners();
    this.#subscriptions.clear();
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    if (subscriber) await subscriber.quit();
  }

  #subscriberConnection(): Redis {
    if (!this.#subscriber) {
      const subscriber = this.#redis.duplicate();
      subscriber.on('error', (error: unknown) => this.#onError(error));
      subscriber.on('message', (key: string, text: string) => {
        let message: StreamEvent;
        try {
          message = JSON.parse(text) as StreamEvent;
        } catch (error) {
          this.#onError(error);
          return;
        }
        this.#live.emit(key, message);
      });
      this.#subscriber = subscriber;
    }
    return this.#subscriber;
  }
}

/** XRANGE gives each entry's fields as a flat [name, value, name, value…] list. */
function fieldValue(fields: string[], name: string): string {
  const index = fields.indexOf(name);
  const value = index >= 0 && index % 2 === 0 ? fields[index + 1] : undefined;
  if (value === undefined) throw new Error(`stream entry has no "${name}" field`);
  return value;
}
