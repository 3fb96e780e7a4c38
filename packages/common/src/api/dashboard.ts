/**
 * The contract of `/api/v1/dashboard/` (reference §4): reads, saves, copies and deletes. The client
 * and the pure dashboard logic share these types; the server validates and serialises with the schemas.
 * The one-request chart data call is in dashboardData.ts.
 */
import { type Static, Type } from 'typebox';
import { ExploreDataset } from './chart.ts';
import type { DASHBOARD_OVERWRITE_MESSAGE } from './constants/dashboard.ts';
import { listResponse } from './list.ts';
import { Columns, Nullable, TagRef, UserRef, WithPartialRefs } from './shared.ts';

const NullableString = Nullable(Type.String());

export type UserRefDto = UserRef;

export const RoleRefDto = Type.Object({ id: Type.Integer(), name: Type.String() });
export type RoleRefDto = Static<typeof RoleRefDto>;

/** `GET /api/v1/dashboard/{id_or_slug}` → `{result: DashboardDto}`. */
export const DashboardDto = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  slug: NullableString,
  url: Type.String(),
  dashboard_title: Type.String(),
  dashboard_title_ru: NullableString,
  thumbnail_url: NullableString,
  published: Type.Boolean(),
  css: NullableString,
  /** JSON text of DashboardMetadata. */
  json_metadata: NullableString,
  /** JSON text of DashboardLayout. */
  position_json: NullableString,
  certified_by: NullableString,
  certification_details: NullableString,
  changed_by_name: Type.String(),
  changed_by: Nullable(UserRef),
  changed_on: Type.String(),
  changed_on_delta_humanized: Type.String(),
  created_by: Nullable(UserRef),
  created_on_delta_humanized: Type.String(),
  charts: Type.Array(Type.String()),
  owners: Type.Array(UserRef),
  roles: Type.Array(RoleRefDto),
  tags: Type.Array(TagRef),
  is_managed_externally: Type.Boolean(),
});
export type DashboardDto = Static<typeof DashboardDto>;

export const DashboardShowResponse = Type.Object({ result: WithPartialRefs(DashboardDto) });

/** One row of `GET /api/v1/dashboard/?q=` (the columns asked for, or these by default). */
export const DashboardListItemDto = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  dashboard_title: Type.String(),
  dashboard_title_ru: NullableString,
  slug: NullableString,
  url: Type.String(),
  published: Type.Boolean(),
  /** 'published' or 'draft'. */
  status: Type.String(),
  certified_by: NullableString,
  certification_details: NullableString,
  thumbnail_url: NullableString,
  is_managed_externally: Type.Boolean(),
  changed_by: Nullable(UserRef),
  changed_by_name: Type.String(),
  changed_on_utc: Type.String(),
  changed_on_delta_humanized: Type.String(),
  created_by: Nullable(UserRef),
  created_on_delta_humanized: Type.String(),
  owners: Type.Array(UserRef),
  roles: Type.Array(RoleRefDto),
  tags: Type.Array(TagRef),
});
export type DashboardListItemDto = Static<typeof DashboardListItemDto>;

export const DashboardListResponse = listResponse(Columns(DashboardListItemDto));

/** `GET /api/v1/dashboard/{id_or_slug}/charts` entries. */
export const DashboardChartDto = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  slice_name: Type.String(),
  slice_name_ru: NullableString,
  viz_type: Type.String(),
  cache_timeout: Nullable(Type.Integer()),
  changed_on: Type.String(),
  description: NullableString,
  form_data: Type.Record(Type.String(), Type.Unknown()),
  slice_url: Type.String(),
  certified_by: NullableString,
  certification_details: NullableString,
});
export type DashboardChartDto = Static<typeof DashboardChartDto>;

export const DashboardChartsResponse = Type.Object({ result: Type.Array(DashboardChartDto) });

/**
 * A dataset behind a dashboard's charts: explore's dataset payload. One the caller may not query comes
 * without its SQL, so a metric's expression may be null here (and the schema must keep that null).
 */
export const DashboardDataset = Type.Object({
  ...ExploreDataset.properties,
  metrics: Type.Array(
    Type.Object({ ...ExploreDataset.properties.metrics.items.properties, expression: NullableString }),
  ),
});
export type DashboardDataset = Static<typeof DashboardDataset>;

/** `GET /api/v1/dashboard/{id_or_slug}/datasets`: each dataset the dashboard's charts use. */
export const DashboardDatasetsResponse = Type.Object({ result: Type.Array(DashboardDataset) });

const dashboardWriteFields = {
  dashboard_title: NullableString,
  dashboard_title_ru: NullableString,
  slug: NullableString,
  owners: Type.Array(Type.Integer(), { description: 'User ids' }),
  roles: Type.Array(Type.Integer(), { description: 'Role ids' }),
  position_json: NullableString,
  json_metadata: NullableString,
  css: NullableString,
  published: Nullable(Type.Boolean()),
  certified_by: NullableString,
  certification_details: NullableString,
  is_managed_externally: Nullable(Type.Boolean()),
  external_url: NullableString,
};

/** What a create accepted, echoed back as Superset does. */
const DashboardWriteEcho = Type.Partial(Type.Object(dashboardWriteFields));

/** A PUT also sets the dashboard's custom tags (Superset's `tags`, custom tag ids). */
const dashboardPutFields = {
  ...dashboardWriteFields,
  tags: Type.Array(Type.Integer(), { description: 'Custom tag ids; the list replaces the set' }),
};

/** `POST /api/v1/dashboard/`. */
export const DashboardCreateRequest = Type.Partial(Type.Object(dashboardWriteFields), {
  additionalProperties: false,
});
export const DashboardCreateResponse = Type.Object({ id: Type.Integer(), result: DashboardWriteEcho });

/** The body of `PUT /api/v1/dashboard/{id}` (reference §4.2): published alone, the properties, or json_metadata alone. */
export const DashboardPropertiesBody = Type.Partial(
  Type.Object({
    ...dashboardPutFields,
    changed_on: Type.String({
      description: 'The changed_on the client loaded; a later save makes this one stale',
    }),
  }),
  { additionalProperties: false },
);
export type DashboardPropertiesBody = Static<typeof DashboardPropertiesBody>;

export const DashboardPutResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Partial(Type.Object(dashboardPutFields)),
  last_modified_time: Type.Number({ description: 'Epoch seconds' }),
});
export type DashboardPutResponse = Static<typeof DashboardPutResponse>;

/**
 * The 409 body of `PUT /api/v1/dashboard/{id}` when the dashboard changed since the client loaded it
 * and CONFIRM_DASHBOARD_DIFF is on: each field of the save whose stored value differs, both values. The
 * client confirms by saving again without `changed_on` (or with the newer one). An error body: the
 * route declares the one ErrorBody, whose `{message}` allows these fields beside it.
 */
export interface DashboardOverwriteConflict {
  message: typeof DASHBOARD_OVERWRITE_MESSAGE;
  changed_on: string;
  diff: Record<string, { current: unknown; incoming: unknown }>;
}

/** `POST /api/v1/dashboard/{id_or_slug}/copy/`. */
export const DashboardCopyRequest = Type.Object(
  {
    dashboard_title: Type.Optional(NullableString),
    dashboard_title_ru: Type.Optional(NullableString),
    css: Type.Optional(NullableString),
    json_metadata: Type.String(),
    duplicate_slices: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const DashboardCopyResponse = Type.Object({
  result: Type.Object({ id: Type.Integer(), last_modified_time: Type.Number() }),
});

/** `PUT /api/v1/dashboard/{id}/filters`: `{modified: [filter], deleted: [id], reordered: [id]}`. */
export const DashboardFiltersRequest = Type.Unknown({
  description: '{modified: [filter], deleted: [id], reordered: [id]}',
});
/** The native filter configuration after the change. */
export const DashboardFiltersResponse = Type.Object({ result: Type.Array(Type.Unknown()) });

export const DashboardIdOrSlugParams = Type.Object({
  id_or_slug: Type.String({ minLength: 1, maxLength: 255 }),
});
/** The favourite routes take the numeric id only, under the same parameter name. */
export const DashboardFavoriteParams = Type.Object({ id_or_slug: Type.Integer() });
