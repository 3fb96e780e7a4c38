/** Sessions as `/api/v1/me/sessions/` and `/api/v1/security/users/{id}/sessions` list them. */

/** A signed-in browser (the session cookie) or an API login (its tokens). */
export type SessionKind = 'browser' | 'api';

/** A session as its owner or an administrator sees it: one row of `user_sessions`. */
export interface SessionRow {
  id: string;
  kind: SessionKind;
  user_agent: string | null;
  ip_address: string | null;
  created_on: string;
  last_seen_on: string;
  expires_on: string;
}

/** A session as the API lists it. */
export interface SessionInfo extends SessionRow {
  /** The session making the request. */
  current: boolean;
}

export interface SessionList {
  count: number;
  result: SessionInfo[];
}
