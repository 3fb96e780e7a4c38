import { MAX_BEACON_EVENTS } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { BadRequestError } from '../../http/errors.ts';
import type { LogEntry } from '../../http/eventLog.ts';

/**
 * `POST /superset/log/?explode=events`: the browser's events, one `logs` row each (action `log`), as
 * Superset's database event logger stores them. Unlike Superset the batch is checked: a body that is
 * not a JSON array of objects, or holds more than MAX_BEACON_EVENTS, is a 400 and nothing is written.
 */

export interface BeaconQuery {
  explode?: string;
  dashboard_id?: number;
  slice_id?: number;
}

export interface BeaconCaller {
  userId: number | null;
  referrer: string | null;
  /** A guest's name, added to each event's details (http/eventLog.ts loggedGuest). */
  guest?: Record<string, string>;
}

export const EVENTS_FIELD = 'events';

/** The events of a beacon as log entries; throws BadRequestError on a malformed batch. */
export function beaconEntries(query: BeaconQuery, body: unknown, caller: BeaconCaller): LogEntry[] {
  const field = query.explode ?? EVENTS_FIELD;
  const raw = isRecord(body) ? body[field] : undefined;
  if (raw === undefined || raw === null || raw === '') {
    throw new BadRequestError({ [field]: ['Missing data for required field.'] });
  }
  let events: unknown = raw;
  if (typeof raw === 'string') {
    try {
      events = JSON.parse(raw);
    } catch {
      throw new BadRequestError({ [field]: ['Not valid JSON.'] });
    }
  }
  if (!Array.isArray(events)) throw new BadRequestError({ [field]: ['Expected a JSON array of events.'] });
  if (events.length > MAX_BEACON_EVENTS) {
    throw new BadRequestError({ [field]: [`At most ${MAX_BEACON_EVENTS} events in one call.`] });
  }
  const records = events.map((event, index) => {
    if (!isRecord(event)) throw new BadRequestError({ [field]: [`Event ${index} is not an object.`] });
    return event;
  });
  return records.map((record) => ({
    action: 'log',
    userId: caller.userId,
    dashboardId: query.dashboard_id ?? idOf(record.dashboard_id),
    sliceId: query.slice_id ?? idOf(record.slice_id),
    durationMs: durationOf(record),
    referrer: caller.referrer,
    details: { ...record, ...caller.guest },
  }));
}

function idOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The event's own duration: `duration` (chart loads and renders), else `mount_duration` (pages). */
function durationOf(record: Record<string, unknown>): number | null {
  for (const value of [record.duration, record.mount_duration]) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  return null;
}
