/**
 * The page's one async event hub and transport, made when the first 202 arrives (a page whose charts
 * all answer at once never opens a websocket): the server's settings come with the feature flags
 * (`conf`), the websocket is the browser's, the polls go through the API client, and the last event id
 * is kept in localStorage (Superset's `last_async_event_id`) so the next page resumes after it.
 */
import { ASYNC_EVENTS_PATH, ASYNC_EVENTS_WEBSOCKET_PATH, type AsyncQueriesConf } from '@vitrina/common';
import { apiRequest } from '../client.ts';
import { guestToken } from '../guestToken.ts';
import { AsyncEventHub } from './events.ts';
import { type AsyncJobMetadata, waitForJob } from './jobs.ts';
import {
  AsyncTransport,
  DEFAULT_POLLING_DELAY_MS,
  type TransportMode,
  WS_RECONNECT_MS,
} from './transport.ts';

const LAST_ID_KEY = 'last_async_event_id';
const FEATURE_FLAGS_PATH = '/api/v1/feature_flags/';

function storedLastId(): string | null {
  try {
    return window.localStorage.getItem(LAST_ID_KEY);
  } catch {
    return null;
  }
}

function storeLastId(id: string): void {
  try {
    window.localStorage.setItem(LAST_ID_KEY, id);
  } catch {
    // Storage may be full or off: the id is still kept for this page.
  }
}

/** A configured websocket URL as ws(s)://: a path is on the page's own origin. */
export function websocketUrlOf(configured: string, location: Pick<Location, 'href'>): string {
  const url = new URL(configured || ASYNC_EVENTS_WEBSOCKET_PATH, location.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.search = '';
  url.hash = '';
  return url.toString();
}

/**
 * Which transport the page uses: the server's choice, except that a page whose requests carry a header
 * polls, as a browser sends no custom header with a websocket handshake: an embedded page (its guest
 * token) and the screenshot renderer's (its render pass, added to each request by the renderer).
 */
export function transportFor(
  conf: Partial<AsyncQueriesConf> | undefined,
  page: { guest: boolean; screenshot: boolean },
): TransportMode {
  if (page.guest || page.screenshot) return 'polling';
  return conf?.GLOBAL_ASYNC_QUERIES_TRANSPORT === 'polling' ? 'polling' : 'ws';
}

let hub: AsyncEventHub | undefined;
let transport: Promise<AsyncTransport> | undefined;

async function startTransport(events: AsyncEventHub, screenshot: boolean): Promise<AsyncTransport> {
  const { conf } = await apiRequest<{ conf?: Partial<AsyncQueriesConf> }>(FEATURE_FLAGS_PATH);
  const started = new AsyncTransport({
    hub: events,
    transport: transportFor(conf, { guest: guestToken() !== null, screenshot }),
    websocketUrl: websocketUrlOf(conf?.GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL ?? '', window.location),
    pollingDelayMs: conf?.GLOBAL_ASYNC_QUERIES_POLLING_DELAY ?? DEFAULT_POLLING_DELAY_MS,
    openSocket: (url) => new WebSocket(url),
    fetchEvents: (lastId) =>
      apiRequest<{ result?: unknown[] }>(
        lastId ? `${ASYNC_EVENTS_PATH}?last_id=${encodeURIComponent(lastId)}` : ASYNC_EVENTS_PATH,
      ).then((body) => body?.result ?? []),
  });
  started.start();
  return started;
}

/** The page's hub; its transport starts on first use (and is asked again if getting the settings failed). */
function pageHub(screenshot: boolean): AsyncEventHub {
  if (!hub) {
    const events = new AsyncEventHub({
      lastId: storedLastId(),
      onLastId: storeLastId,
      onWaiting: () => {
        void transport?.then((running) => running.wake());
      },
    });
    hub = events;
  }
  const events = hub;
  if (!transport) {
    transport = startTransport(events, screenshot);
    transport.catch((error: unknown) => {
      // Tried again shortly while anyone waits, and by the next job anyway.
      console.warn('could not start reading async events', error);
      transport = undefined;
      setTimeout(() => {
        if (events.waiting && !transport) pageHub(screenshot);
      }, WS_RECONNECT_MS);
    });
  }
  return events;
}

export interface JobWait {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The page is the screenshot renderer's, whose pass rides on request headers: it polls. */
  screenshot?: boolean;
}

/** Waits for a queued job's event and answers the body of its result_url (the same 200 body). */
export function waitForAsyncJob(
  job: AsyncJobMetadata,
  { signal, timeoutMs, screenshot = false }: JobWait = {},
): Promise<unknown> {
  const events = pageHub(screenshot);
  return waitForJob(job, {
    listen: (jobId, listener) => events.listen(jobId, listener),
    fetchResult: (resultUrl, resultSignal) =>
      apiRequest<unknown>(resultUrl, resultSignal ? { signal: resultSignal } : {}),
    ...(signal ? { signal } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}
