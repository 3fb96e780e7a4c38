import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchesOf, beaconUrl, createEventLogger, type EventLoggerOptions, LOG_PATH } from './logger.ts';

interface Sent {
  url: string;
  events: Array<Record<string, unknown>>;
  guestToken: FormDataEntryValue | null;
}

function harness(options: Partial<EventLoggerOptions> & { beaconRefuses?: boolean } = {}) {
  const beacons: Sent[] = [];
  const fetched: Sent[] = [];
  const read = (url: string, form: FormData): Sent => ({
    url,
    events: JSON.parse(String(form.get('events'))),
    guestToken: form.get('guest_token'),
  });
  let ids = 0;
  const logger = createEventLogger({
    sendBeacon: (url, form) => {
      if (options.beaconRefuses) return false;
      beacons.push(read(url, form));
      return true;
    },
    fetch: async (url, init) => {
      fetched.push(read(url, init.body as FormData));
      return new Response('');
    },
    now: () => 1_700_000_000_000,
    randomId: () => `id${++ids}`,
    visibility: () => 'visible',
    ...options,
  });
  return { logger, beacons, fetched };
}

describe('the browser event logger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what was logged one second after the first event, in one beacon', () => {
    const { logger, beacons } = harness();
    logger.log('mount_explorer', { slice_id: 3 });
    vi.advanceTimersByTime(500);
    logger.log('change_explore_controls');
    vi.advanceTimersByTime(499);
    expect(beacons).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe(LOG_PATH);
    expect(beacons[0]!.events.map((event) => event.event_name)).toEqual([
      'mount_explorer',
      'change_explore_controls',
    ]);
    vi.advanceTimersByTime(5000);
    expect(beacons).toHaveLength(1);
  });

  it('writes Superset v2 events: user events with an id and visibility, timing events with their trigger', () => {
    const { logger, beacons } = harness();
    logger.log('change_dashboard_filter', { filter_id: 'f1' });
    logger.log('load_chart', { slice_id: 5, duration: 120 });
    logger.flush();
    const [user, timing] = beacons[0]!.events;
    expect(user).toEqual({
      filter_id: 'f1',
      ts: 1_700_000_000_000,
      event_name: 'change_dashboard_filter',
      impression_id: 'id1',
      version: 'v2',
      event_type: 'user',
      event_id: 'id2',
      visibility: 'visible',
    });
    expect(timing).toMatchObject({ event_type: 'timing', trigger_event: 'id2', slice_id: 5, duration: 120 });
    expect(timing).not.toHaveProperty('event_id');
  });

  it('sends at most 1024 events per request, and a full queue at once', () => {
    const { logger, beacons } = harness();
    for (let n = 0; n < 2500; n++) logger.log('render_chart', { n });
    expect(beacons.map((beacon) => beacon.events.length)).toEqual([1024, 1024]);
    vi.advanceTimersByTime(1000);
    expect(beacons.map((beacon) => beacon.events.length)).toEqual([1024, 1024, 452]);
    expect(beacons.flatMap((beacon) => beacon.events.map((event) => event.n))).toEqual(
      Array.from({ length: 2500 }, (_, n) => n),
    );
  });

  it("puts the dashboard or chart of the first event's source in the address, one source per request", () => {
    const { logger, beacons } = harness();
    logger.setSource({ source: 'dashboard', source_id: 12, dashboard_id: 12 });
    logger.log('mount_dashboard', { mount_duration: 800 });
    logger.setSource({ source: 'explore', source_id: 4, slice_id: 4 });
    logger.log('mount_explorer');
    logger.setSource(null);
    logger.log('spa_navigation', { path: '/sqllab/' });
    vi.advanceTimersByTime(1000);
    expect(beacons.map((beacon) => beacon.url)).toEqual([
      `${LOG_PATH}&dashboard_id=12`,
      `${LOG_PATH}&slice_id=4`,
      LOG_PATH,
    ]);
    expect(beacons[0]!.events[0]).toMatchObject({ source: 'dashboard', source_id: 12, dashboard_id: 12 });
  });

  it('adds the guest token of an embedded page as a form field', () => {
    const { logger, beacons } = harness({ guestToken: () => 'guest-jwt' });
    logger.log('mount_dashboard');
    logger.flush();
    expect(beacons[0]!.guestToken).toBe('guest-jwt');
    const plain = harness();
    plain.logger.log('mount_dashboard');
    plain.logger.flush();
    expect(plain.beacons[0]!.guestToken).toBeNull();
  });

  it('falls back to fetch with the same form when the beacon is missing or refused', () => {
    const refused = harness({ beaconRefuses: true });
    refused.logger.log('sqllab_run_query', { db_id: 1 });
    vi.advanceTimersByTime(1000);
    expect(refused.fetched).toHaveLength(1);
    expect(refused.fetched[0]!.events[0]).toMatchObject({ event_name: 'sqllab_run_query', db_id: 1 });

    const missing = harness({ sendBeacon: undefined });
    missing.logger.log('sqllab_run_query');
    vi.advanceTimersByTime(1000);
    expect(missing.fetched).toHaveLength(1);
  });
});

describe('beacon batches', () => {
  it('splits by source and by size', () => {
    const a = { source: 'dashboard', source_id: 1 };
    const b = { source: 'dashboard', source_id: 2 };
    expect(batchesOf([a, a, a, b, a], 2)).toEqual([[a, a], [a], [b], [a]]);
  });

  it('builds the address from the first event', () => {
    expect(beaconUrl(undefined)).toBe(LOG_PATH);
    expect(beaconUrl({ source: 'sqlLab', source_id: 'tab1' })).toBe(LOG_PATH);
    expect(beaconUrl({ source: 'explore', source_id: 0 })).toBe(LOG_PATH);
    expect(beaconUrl({ source: 'slice', source_id: 9 })).toBe(`${LOG_PATH}&slice_id=9`);
  });
});
