import { BEACON_DELAY_MS, MAX_BEACON_EVENTS } from '@vitrina/common';
import { GUEST_TOKEN_FORM_FIELD } from '@vitrina/common/embedded/guestTokenTransport';

/**
 * The browser's action logger, as Superset's: events are queued with the page's context and sent a
 * second after the first one waits (at once when 1024 wait), at most 1024 per request, to `POST /superset/log/?explode=events`
 * with `navigator.sendBeacon` (form field `events`, a JSON array as one string), or with fetch when the
 * browser has no beacon or refuses one. Sending never throws: a lost event is not worth an error.
 */

export const LOG_PATH = '/superset/log/?explode=events';

/** Superset's timing events; every other event is a user event. */
const TIMING_EVENTS = new Set([
  'load_chart',
  'render_chart',
  'hide_browser_tab',
  'sqllab_fetch_failed_query',
  'sqllab_load_tab_state',
]);

/** Where an event happened: the page's dashboard, chart in Explore, or SQL Lab editor. */
export type EventSource =
  | { source: 'dashboard'; source_id: number; dashboard_id: number }
  | { source: 'explore'; source_id: number; slice_id: number }
  | { source: 'sqlLab'; source_id: string | number; db_id?: number | null; schema?: string | null };

export type EventPayload = Record<string, unknown>;

export interface LoggedEvent extends EventPayload {
  ts: number;
  event_name: string;
  impression_id: string;
  version: 'v2';
  event_type: 'timing' | 'user';
}

export interface EventLoggerOptions {
  /** `navigator.sendBeacon`; missing where the browser has none. */
  sendBeacon?: (url: string, data: FormData) => boolean;
  fetch?: (url: string, init: RequestInit) => Promise<unknown>;
  /** The embedded page's guest token, sent as the `guest_token` field. */
  guestToken?: () => string | null;
  /** Whether the page is visible (`document.visibilityState`). */
  visibility?: () => string;
  now?: () => number;
  randomId?: () => string;
  delayMs?: number;
  batchSize?: number;
}

export interface EventLogger {
  /** Queues one event; `source` overrides the page's context for it. */
  log(eventName: string, payload?: EventPayload, source?: EventSource | null): void;
  /** The context events are logged in until it is cleared (a dashboard, Explore, SQL Lab). */
  setSource(source: EventSource | null): void;
  /** Sends what is queued now (the page is being hidden). */
  flush(): void;
  readonly impressionId: string;
}

export function randomId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 10);
}

/** The beacon's address: the first event's dashboard or chart goes in the query, as Superset's client does. */
export function beaconUrl(first: EventPayload | undefined): string {
  if (first?.source === 'dashboard' && isId(first.source_id))
    return `${LOG_PATH}&dashboard_id=${first.source_id}`;
  if ((first?.source === 'explore' || first?.source === 'slice') && isId(first.source_id)) {
    return `${LOG_PATH}&slice_id=${first.source_id}`;
  }
  return LOG_PATH;
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** What puts events in one request: the query's ids apply to all of them, so one source per request. */
function sourceKey(event: EventPayload): string {
  return `${String(event.source ?? '')}|${String(event.source_id ?? '')}`;
}

/** The queue split into requests: consecutive events of one source, at most `batchSize` each. */
export function batchesOf<T extends EventPayload>(events: readonly T[], batchSize: number): T[][] {
  const batches: T[][] = [];
  for (const event of events) {
    const last = batches.at(-1);
    if (last && last.length < batchSize && sourceKey(last[0]!) === sourceKey(event)) last.push(event);
    else batches.push([event]);
  }
  return batches;
}

export function createEventLogger(options: EventLoggerOptions = {}): EventLogger {
  const now = options.now ?? Date.now;
  const newId = options.randomId ?? randomId;
  const delayMs = options.delayMs ?? BEACON_DELAY_MS;
  const batchSize = options.batchSize ?? MAX_BEACON_EVENTS;
  const impressionId = newId();
  let pageSource: EventSource | null = null;
  let lastUserEventId: string | null = null;
  let queue: LoggedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const send = (events: LoggedEvent[]) => {
    const form = new FormData();
    form.append('events', JSON.stringify(events));
    const guest = options.guestToken?.();
    if (guest) form.append(GUEST_TOKEN_FORM_FIELD, guest);
    const url = beaconUrl(events[0]);
    let sent = false;
    try {
      sent = options.sendBeacon?.(url, form) ?? false;
    } catch {
      sent = false;
    }
    if (sent || !options.fetch) return;
    options
      .fetch(url, { method: 'POST', body: form, credentials: 'same-origin', keepalive: true })
      .catch(() => undefined);
  };

  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const events = queue;
    queue = [];
    for (const batch of batchesOf(events, batchSize)) send(batch);
  };

  return {
    impressionId,
    setSource(source) {
      pageSource = source;
    },
    flush,
    log(eventName, payload = {}, source) {
      const context = source === undefined ? pageSource : source;
      const timing = TIMING_EVENTS.has(eventName);
      const event: LoggedEvent = {
        ...(context ?? {}),
        ...payload,
        ts: now(),
        event_name: eventName,
        impression_id: impressionId,
        version: 'v2',
        event_type: timing ? 'timing' : 'user',
      };
      if (timing) {
        if (lastUserEventId) event.trigger_event = lastUserEventId;
      } else {
        lastUserEventId = newId();
        event.event_id = lastUserEventId;
        event.visibility = options.visibility?.() ?? 'visible';
      }
      queue.push(event);
      if (queue.length >= batchSize) flush();
      else if (!timer) timer = setTimeout(flush, delayMs);
    },
  };
}
