import { Type } from 'typebox';

/** JSON schemas of the charts API: they validate input and serialise output (unlisted fields drop). */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const NullableString = Nullable(Type.String());

export const Message = Type.Object({ message: Type.String() });
export const OkResult = Type.Object({ result: Type.String() });

const UserRef = Type.Partial(
  Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() }),
);
const DashboardRef = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    dashboard_title: Type.String(),
    dashboard_title_ru: NullableString,
    json_metadata: NullableString,
  }),
);
const TagRef = Type.Partial(Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String() }));

/** `GET /api/v1/chart/{id}` result; every field optional, as `?q=(columns:…)` may ask for a subset. */
export const ChartSchema = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    slice_name: Type.String(),
    slice_name_ru: NullableString,
    viz_type: Type.String(),
    description: NullableString,
    params: Type.String(),
    query_context: NullableString,
    cache_timeout: Nullable(Type.Integer()),
    certified_by: NullableString,
    certification_details: NullableString,
    is_managed_externally: Type.Boolean(),
    external_url: NullableString,
    datasource_id: Type.Integer(),
    datasource_type: Type.String(),
    datasource_name_text: NullableString,
    url: Type.String(),
    thumbnail_url: NullableString,
    changed_on: Type.String(),
    changed_on_delta_humanized: Type.String(),
    owners: Type.Array(UserRef),
    dashboards: Type.Array(DashboardRef),
    tags: Type.Array(TagRef),
  }),
);

export const ShowResponse = Type.Object({
  id: Type.Integer(),
  result: ChartSchema,
  show_columns: Type.Optional(Type.Array(Type.String())),
  label_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  description_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  show_title: Type.Optional(Type.String()),
});

export const ChartListItem = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    slice_name: Type.String(),
    slice_name_ru: NullableString,
    viz_type: Type.String(),
    description: NullableString,
    params: Type.String(),
    form_data: Type.Record(Type.String(), Type.Unknown()),
    cache_timeout: Nullable(Type.Integer()),
    url: Type.String(),
    slice_url: Type.String(),
    edit_url: Type.String(),
    thumbnail_url: NullableString,
    datasource_id: Type.Integer(),
    datasource_type: Type.String(),
    datasource_name_text: NullableString,
    datasource_url: NullableString,
    table: Nullable(
      Type.Partial(Type.Object({ table_name: Type.String(), default_endpoint: NullableString })),
    ),
    dashboards: Type.Array(DashboardRef),
    owners: Type.Array(UserRef),
    tags: Type.Array(TagRef),
    certified_by: NullableString,
    certification_details: NullableString,
    is_managed_externally: Type.Boolean(),
    changed_by: Nullable(UserRef),
    changed_by_name: Type.String(),
    changed_on_delta_humanized: Type.String(),
    changed_on_utc: Type.String(),
    changed_on_dttm: Type.Number(),
    created_by: Nullable(UserRef),
    created_by_name: Type.String(),
    created_on_delta_humanized: Type.String(),
    last_saved_at: NullableString,
    last_saved_by: Nullable(UserRef),
  }),
);

const writeFields = {
  slice_name: Nullable(Type.String()),
  slice_name_ru: NullableString,
  viz_type: Nullable(Type.String()),
  datasource_id: Nullable(Type.Integer()),
  datasource_type: Nullable(Type.String()),
  datasource_name: NullableString,
  description: NullableString,
  owners: Type.Array(Type.Integer(), { description: 'User ids' }),
  params: NullableString,
  query_context: NullableString,
  query_context_generation: Nullable(Type.Boolean()),
  cache_timeout: Nullable(Type.Integer()),
  dashboards: Type.Array(Type.Integer(), { description: 'Dashboard ids; on PUT the list replaces the set' }),
  certified_by: NullableString,
  certification_details: NullableString,
  is_managed_externally: Nullable(Type.Boolean()),
  external_url: NullableString,
  tags: Type.Array(Type.Integer()),
};

/**
 * POST and PUT bodies. Every field is optional here: the service checks what a create requires, so a
 * missing field is a 400 naming it in Superset's `{"message": {"field": […]}}` shape.
 */
export const WriteBody = Type.Partial(Type.Object(writeFields), { additionalProperties: false });

/** What a create or an update accepted, echoed back as Superset does. */
export const WriteEcho = Type.Partial(Type.Object(writeFields));

export const WriteResponse = Type.Object({ id: Type.Integer(), result: WriteEcho });

export const IdParams = Type.Object({ id: Type.Integer() });
export const IdOrUuidParams = Type.Object({ id: Type.String({ pattern: '^[0-9A-Za-z-]+$' }) });

export const FavoriteStatusResponse = Type.Object({
  result: Type.Array(Type.Object({ id: Type.Integer(), value: Type.Boolean() })),
});

export const RelatedResponse = Type.Object({
  count: Type.Integer(),
  result: Type.Array(
    Type.Object({
      value: Type.Integer(),
      text: Type.String(),
      extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  ),
});

export const InfoResponse = Type.Object({
  permissions: Type.Optional(Type.Array(Type.String())),
  filters: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.Object({ name: Type.String(), operator: Type.String() }))),
  ),
  add_columns: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  edit_columns: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  add_title: Type.Optional(Type.String()),
  edit_title: Type.Optional(Type.String()),
});

export const DataQuerystring = Type.Object({
  format: Type.Optional(Type.String({ description: 'json (default), csv or xlsx' })),
  type: Type.Optional(Type.String({ description: 'full (default), samples, query, results, …' })),
  force: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
});

/** Chart data failures carry `message` and, for query failures, SIP-40 `errors` beside it. */
export const DataFailure = Type.Object({
  message: Type.Optional(Type.Union([Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))])),
  errors: Type.Optional(
    Type.Array(
      Type.Object({
        message: Type.String(),
        error_type: Type.String(),
        level: Type.String(),
        extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      }),
    ),
  ),
});
