import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { guestToken } from '../../api/guestToken.ts';
import { createEventLogger, type EventPayload, type EventSource } from './logger.ts';

/**
 * The page's one action logger and the small hooks the screens log with. Events go to the action log
 * (Settings → Action Log); they never change what a screen does.
 */

export type { EventPayload, EventSource } from './logger.ts';

const browser = typeof window !== 'undefined' && typeof document !== 'undefined';
// Unit tests of screens log too; their events go nowhere, so no test's fetch mock sees a beacon.
const sending = browser && import.meta.env.MODE !== 'test';

export const eventLogger = createEventLogger({
  ...(sending && typeof navigator.sendBeacon === 'function'
    ? { sendBeacon: (url: string, data: FormData) => navigator.sendBeacon(url, data) }
    : {}),
  ...(sending ? { fetch: (url: string, init: RequestInit) => window.fetch(url, init) } : {}),
  guestToken,
  visibility: () => (browser ? document.visibilityState : 'visible'),
});

if (browser) {
  // What waits is sent before the page goes away or into the background.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      eventLogger.log('hide_browser_tab', { start_offset: Math.round(performance.now()) });
      eventLogger.flush();
    }
  });
  window.addEventListener('pagehide', () => eventLogger.flush());
}

const pathOf = () => (browser ? `${window.location.pathname}${window.location.search}` : '');
/** The address the browser loaded; an in-app navigation anywhere else is a soft one. */
const loadedPath = pathOf();
let navigatedInApp = false;

/**
 * When the current page began to open, in performance.now() milliseconds: 0 (the browser's own
 * navigation) on the address the browser loaded, else now (an in-app link was followed just before
 * the screen mounted).
 */
export function navigationStart(): number {
  return navigatedInApp || pathOf() !== loadedPath ? performance.now() : 0;
}

/** Logs one event in the page's current context (or the given one). */
export function logEvent(eventName: string, payload?: EventPayload, source?: EventSource | null): void {
  eventLogger.log(eventName, payload, source);
}

/** Milliseconds since the page's navigation started: Superset's `start_offset`. */
export function startOffset(): number {
  return Math.round(performance.now());
}

/**
 * Sets the context of the events logged while the screen is shown (a dashboard, a chart in Explore, an
 * SQL Lab editor); null while it is not known yet.
 */
export function useEventSource(source: EventSource | null): void {
  const key = source ? JSON.stringify(source) : null;
  useEffect(() => {
    if (key === null) return;
    eventLogger.setSource(JSON.parse(key) as EventSource);
    return () => {
      // Leaving the screen sends what it logged: React runs this before the next screen's effects
      // ask for anything, so the home page's Recents already knows the chart just left.
      eventLogger.flush();
      eventLogger.setSource(null);
    };
  }, [key]);
}

/** Logs `spa_navigation` with the new path whenever the address changes within the app. */
export function useSpaNavigationLog(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    navigatedInApp = true;
    logEvent('spa_navigation', { path: pathname });
  }, [pathname]);
}
