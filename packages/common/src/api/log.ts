/**
 * The contract of the action log (Superset's `logs` table): the browser's event beacon
 * `POST /superset/log/`, the administrators' list `GET /api/v1/log/` and the slowest charts and
 * dashboards `GET /api/v1/log/slowest/`.
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Columns, Nullable } from './shared.ts';

/** `POST /superset/log/` query: the form field holding the batch, and the page's dashboard or chart. */
export const LogBeaconQuerystring = Type.Object({
  explode: Type.Optional(Type.String({ description: "The form field holding the events: 'events'" })),
  dashboard_id: Type.Optional(Type.Integer()),
  slice_id: Type.Optional(Type.Integer()),
});

/**
 * The beacon's body (multipart form, urlencoded form or JSON): `events` is a JSON array as one string
 * (a JSON body may also give the array itself); `guest_token` comes from embedded pages.
 */
export const LogBeaconRequest = Type.Object(
  {
    // Either form is checked by the route (the validator's type coercion would turn a string into a
    // one-item array, or a one-event array into its event).
    events: Type.Optional(
      Type.Unknown({ description: 'A JSON array of event objects, as one string (forms) or as is (JSON)' }),
    ),
    guest_token: Type.Optional(Type.String({ maxLength: 8192 })),
  },
  { additionalProperties: true },
);
export type LogBeaconRequest = Static<typeof LogBeaconRequest>;

/** The beacon's answer: 200 with an empty body, as Superset's. */
export const LogBeaconResponse = Type.String({ maxLength: 0, description: 'Empty body' });

const LogUser = Type.Object({
  first_name: Type.String(),
  last_name: Type.String(),
  username: Type.String(),
});

/** One `logs` row as the list and the item answer it; `json` is the record as stored (JSON text). */
export const LogEntryItem = Type.Object({
  id: Type.Integer(),
  user: Nullable(LogUser),
  user_id: Nullable(Type.Integer()),
  action: Type.String(),
  dttm: Type.String({ description: 'ISO-8601 UTC' }),
  json: Type.String(),
  slice_id: Nullable(Type.Integer()),
  dashboard_id: Nullable(Type.Integer()),
  duration_ms: Nullable(Type.Integer()),
  referrer: Nullable(Type.String()),
});
export type LogEntryItem = Static<typeof LogEntryItem>;

export const LogListResponse = listResponse(Columns(LogEntryItem));

/** `GET /api/v1/log/{id}`. */
export const LogItemResponse = Type.Object({ id: Type.Integer(), result: LogEntryItem });

/** `GET /api/v1/log/slowest/?q=(days:7)`: how far back to look, in days (1 to 90; 7 by default). */
export const SlowestQuerystring = Type.Object({
  q: Type.Optional(Type.String({ description: 'Rison: (days:7)' })),
});

/** A chart's server-side chart data times (`chart_data` rows). */
export const SlowestChart = Type.Object({
  slice_id: Type.Integer(),
  slice_name: Nullable(Type.String()),
  viz_type: Nullable(Type.String()),
  count: Type.Integer(),
  avg_duration_ms: Type.Number(),
  max_duration_ms: Type.Integer(),
  last_seen: Type.String(),
});
export type SlowestChart = Static<typeof SlowestChart>;

/** A dashboard's times until all its charts had loaded, one per opening (see the route). */
export const SlowestDashboard = Type.Object({
  dashboard_id: Type.Integer(),
  dashboard_title: Nullable(Type.String()),
  count: Type.Integer(),
  avg_duration_ms: Type.Number(),
  max_duration_ms: Type.Integer(),
  last_seen: Type.String(),
});
export type SlowestDashboard = Static<typeof SlowestDashboard>;

export const SlowestResponse = Type.Object({
  days: Type.Integer(),
  charts: Type.Array(SlowestChart),
  dashboards: Type.Array(SlowestDashboard),
});
export type SlowestResponse = Static<typeof SlowestResponse>;

/** `GET /api/v1/log/recent_activity/?q=(page:0,page_size:6,actions:!(…),distinct:!t)`. */
export const RecentActivityQuerystring = Type.Object({
  q: Type.Optional(
    Type.String({
      description:
        'Rison: page (0), page_size (20, at most 100), actions (browser event names or logged actions; mount_explorer and mount_dashboard by default), distinct (true: each item once, at its newest)',
    }),
  ),
});

/** One thing the caller did to a dashboard or chart (Superset's shape, plus Vitrina's ids and names). */
export const RecentActivityItem = Type.Object({
  action: Type.String({ description: "`log` for a browser event, else the logged action's name" }),
  item_type: Type.Union([Type.Literal('dashboard'), Type.Literal('slice')]),
  item_url: Type.String(),
  item_title: Type.String(),
  time: Type.Number({ description: 'Epoch milliseconds' }),
  time_delta_humanized: Type.String(),
  item_id: Type.Integer(),
  item_title_ru: Nullable(Type.String()),
  viz_type: Nullable(Type.String({ description: "A chart's type; null for dashboards" })),
  thumbnail_url: Nullable(Type.String()),
});
export type RecentActivityItem = Static<typeof RecentActivityItem>;

export const RecentActivityResponse = Type.Object({ result: Type.Array(RecentActivityItem) });
export type RecentActivityResponse = Static<typeof RecentActivityResponse>;
