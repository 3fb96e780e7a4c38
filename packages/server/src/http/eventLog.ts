/**
 * The action log (Superset's `logs` table): who did what to which dashboard or chart, how long it took,
 * and the details. The contract between the code that records entries (the browser's event beacon, chart
 * data, SQL Lab) and the writer that stores them in batches off the request path, so recording never
 * waits on the metastore and tests can put a recording fake in its place.
 */
export interface LogEntry {
  /** `log` for the browser's events; `chart_data` for a chart data answer; a route's name otherwise. */
  action: string;
  /** Null when anonymous or a guest (the guest's name goes in `details`). */
  userId: number | null;
  dashboardId: number | null;
  sliceId: number | null;
  /** Milliseconds the recorded thing took (the request, or the event's own duration). */
  durationMs: number | null;
  /** The Referer, at most 1000 characters. */
  referrer: string | null;
  /** The record itself (the browser event, or the answer's timings), stored as JSON text. */
  details: Record<string, unknown>;
  /** When it happened; the writer's clock when absent. */
  at?: Date;
}

export interface EventLog {
  /** Queues entries; never throws and never waits for the metastore. */
  record(entries: LogEntry | readonly LogEntry[]): void;
  /** Writes what is queued (tests, shutdown). */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/** Who a log entry names: the user's id; null for anonymous callers and guests (who have no user row). */
export function loggedUserId(principal: { id: number; guest?: unknown } | null | undefined): number | null {
  return principal && !principal.guest ? principal.id : null;
}

/** A guest's name for an entry's details (a guest has no user row to point at). */
export function loggedGuest(
  principal: { guest?: { user: { username: string } } } | null | undefined,
): Record<string, string> {
  return principal?.guest ? { guest_user: principal.guest.user.username } : {};
}

/** What a change's log entry needs of the request that made it. */
export interface ChangeRequest {
  principal?: { id: number; guest?: { user: { username: string } } } | null | undefined;
  headers: { referer?: string | undefined };
  method: string;
  url: string;
}

/**
 * A change made through the API, named as Superset's event logger names it (`ChartRestApi.put`): one row
 * naming the dashboard or the chart, which the home page's "Edited" and "Created" recents read.
 */
export function changeEntry(
  request: ChangeRequest,
  action: string,
  subject: { dashboardId?: number; sliceId?: number },
  durationMs: number | null = null,
): LogEntry {
  return {
    action,
    userId: loggedUserId(request.principal),
    dashboardId: subject.dashboardId ?? null,
    sliceId: subject.sliceId ?? null,
    durationMs,
    referrer: typeof request.headers.referer === 'string' ? request.headers.referer : null,
    details: { method: request.method, path: request.url.split('?')[0], ...loggedGuest(request.principal) },
  };
}
