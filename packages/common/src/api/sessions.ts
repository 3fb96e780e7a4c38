/** The contract of sessions as `/api/v1/me/sessions/` and `/api/v1/security/users/{id}/sessions` list them. */
import { type Static, Type } from 'typebox';

/** A session as the API lists it. */
export const SessionInfo = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('browser'), Type.Literal('api')], {
    description: 'browser: a signed-in browser; api: an API login (its access and refresh tokens)',
  }),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  ip_address: Type.Union([Type.String(), Type.Null()], { description: 'The address it was last seen from' }),
  created_on: Type.String(),
  last_seen_on: Type.String(),
  expires_on: Type.String(),
  current: Type.Boolean({ description: 'The session making this request' }),
});
export type SessionInfo = Static<typeof SessionInfo>;

/** A signed-in browser (the session cookie) or an API login (its tokens). */
export type SessionKind = SessionInfo['kind'];

/** A session as its owner or an administrator sees it: one row of `user_sessions`. */
export type SessionRow = Omit<SessionInfo, 'current'>;

export const SessionList = Type.Object({ count: Type.Integer(), result: Type.Array(SessionInfo) });
export type SessionList = Static<typeof SessionList>;

/** `DELETE /api/v1/me/sessions/`: how many other sessions were ended. */
export const SessionsEndedResponse = Type.Object({ message: Type.String(), count: Type.Integer() });

export const SessionParams = Type.Object({ session_id: Type.String({ maxLength: 64 }) });

/** `GET /api/v1/security/users/{id}/lock`: whether too many failed sign-ins lock the account for now. */
export const SignInLockResponse = Type.Object({ result: Type.Object({ locked: Type.Boolean() }) });
