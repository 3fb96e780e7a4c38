/** The async events' paths (superset-api.md §7), shared by the server's routes and the web's client. */

/** `GET /api/v1/async_event/?last_id=`: the caller's events after last_id, polled. */
export const ASYNC_EVENTS_PATH = '/api/v1/async_event/';

/**
 * The websocket of the caller's async events (`?last_id=` resumes after the last event seen): each
 * message is one event as `GET /api/v1/async_event/` lists them, `{"id": …, "job_id": …, "status": …}`.
 */
export const ASYNC_EVENTS_WEBSOCKET_PATH = '/api/v1/async_event/ws';
