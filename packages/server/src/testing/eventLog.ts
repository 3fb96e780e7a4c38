import type { EventLog, LogEntry } from '../http/eventLog.ts';

/** An EventLog that keeps what it is given in `entries`, for tests that assert what was recorded. */
export function recordingEventLog(): EventLog & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    record(given) {
      entries.push(...(Array.isArray(given) ? given : [given as LogEntry]));
    },
    flush: async () => {},
    close: async () => {},
  };
}
