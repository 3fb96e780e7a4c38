/**
 * The contract of `POST /api/v1/dashboard/{id_or_slug}/permalink` and `GET /api/v1/dashboard/permalink/{key}`
 * (Superset's DashboardPermalinkRestApi): a dashboard's filters, active tabs and anchor kept under a key.
 * The key and the `{key, url}` answer are the explore permalink's (`PermalinkKeyParams`, `PermalinkCreated`).
 */
import { type Static, Type } from 'typebox';

/** The body of a new permalink: checked field by field by the server, a wrong one named in a 400. */
export const DashboardPermalinkRequest = Type.Unknown({
  description: '{dataMask, activeTabs, anchor, urlParams}',
});

/** The state a dashboard permalink keeps (Superset's DashboardPermalinkStateSchema). */
export const DashboardPermalinkState = Type.Object({
  dataMask: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  activeTabs: Type.Optional(Type.Array(Type.String())),
  anchor: Type.Optional(Type.String()),
  urlParams: Type.Optional(Type.Array(Type.Array(Type.String()))),
});
export type DashboardPermalinkState = Static<typeof DashboardPermalinkState>;

export const DashboardPermalinkResponse = Type.Object({
  dashboardId: Type.String(),
  state: DashboardPermalinkState,
});
export type DashboardPermalinkResponse = Static<typeof DashboardPermalinkResponse>;
