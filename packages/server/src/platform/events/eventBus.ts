import type { JsonValue } from '../json.ts';

/** One event of a channel's stream. Ids increase within a channel; clients resume from the last one. */
export interface StreamEvent {
  id: string;
  event: JsonValue;
}

export type EventListener = (message: StreamEvent) => void;

/**
 * Async query events per channel, as Superset's GLOBAL_ASYNC_QUERIES streams them: a capped history
 * that polling clients read from their last id, plus live push for websocket clients.
 */
export interface EventBus {
  /** Appends event to the channel's stream and pushes it to live subscribers; returns its id. */
  publish(channel: string, event: JsonValue): Promise<string>;
  /**
   * Up to limit events after lastId (all kept events when null), oldest first. Old events fall off
   * the capped stream, so a client that resumes late gets what is left, not an error.
   */
  read(channel: string, lastId: string | null, limit?: number): Promise<StreamEvent[]>;
  /** Calls listener for each event published from now on; resolves once delivery is set up. */
  subscribe(channel: string, listener: EventListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface EventBusLimits {
  /** Events kept per channel (Redis trims approximately, so a few more may remain). */
  maxLength?: number;
  /** A channel nobody published to for this long is forgotten. */
  idleTtlSeconds?: number;
}

export const DEFAULT_STREAM_MAX_LENGTH = 1000;
export const DEFAULT_STREAM_IDLE_TTL_SECONDS = 24 * 60 * 60;
/** Superset's MAX_EVENT_COUNT: the most events one read returns. */
export const DEFAULT_READ_LIMIT = 100;

const EVENT_ID = /^(\d+)-(\d+)$/;

/** Ids are Redis stream ids, "<milliseconds>-<sequence>", in both implementations. */
export function parseEventId(id: string): [number, number] {
  const match = EVENT_ID.exec(id);
  if (!match) throw new RangeError(`not an event id: "${id}"`);
  return [Number(match[1]), Number(match[2])];
}

/** Negative, zero or positive as a is before, equal to or after b. */
export function compareEventIds(a: string, b: string): number {
  const [aMs, aSeq] = parseEventId(a);
  const [bMs, bSeq] = parseEventId(b);
  return aMs - bMs || aSeq - bSeq;
}

/** A listener that throws must not stop delivery to the others, nor break the connection reading. */
export function guardListener(listener: EventListener, onError: (error: unknown) => void): EventListener {
  return (message) => {
    try {
      listener(message);
    } catch (error) {
      onError(error);
    }
  };
}
