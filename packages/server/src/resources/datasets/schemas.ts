import { Type } from 'typebox';

/** JSON schemas of the datasets API: they validate input and serialise output (unlisted fields drop). */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const NullableString = Nullable(Type.String());

export const Message = Type.Object({ message: Type.String() });

const UserRef = Type.Partial(
  Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() }),
);
const Currency = Type.Object(
  { symbol: Type.String(), symbolPosition: Type.String() },
  { additionalProperties: true },
);

export const ColumnSchema = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    column_name: Type.String(),
    verbose_name: NullableString,
    verbose_name_ru: NullableString,
    type: NullableString,
    type_generic: Nullable(Type.Integer()),
    expression: NullableString,
    description: NullableString,
    description_ru: NullableString,
    is_dttm: Type.Boolean(),
    groupby: Type.Boolean(),
    filterable: Type.Boolean(),
    is_active: Type.Boolean(),
    python_date_format: NullableString,
    advanced_data_type: NullableString,
    is_certified: Type.Boolean(),
    certified_by: NullableString,
    warning_text: NullableString,
    extra: NullableString,
    created_on: Type.String(),
    changed_on: Type.String(),
  }),
);

export const MetricSchema = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    metric_name: Type.String(),
    verbose_name: NullableString,
    verbose_name_ru: NullableString,
    expression: Type.String(),
    metric_type: NullableString,
    d3format: NullableString,
    currency: Nullable(Currency),
    description: NullableString,
    description_ru: NullableString,
    warning_text: NullableString,
    certified_by: NullableString,
    certification_details: NullableString,
    extra: NullableString,
    created_on: Type.String(),
    changed_on: Type.String(),
  }),
);

const Pair = Type.Array(Type.String());

/** The show payload; every field optional, as `?q=(columns:…)` may ask for a subset. */
export const DatasetSchema = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    table_name: Type.String(),
    catalog: NullableString,
    schema: NullableString,
    sql: NullableString,
    kind: Type.String(),
    datasource_type: Type.String(),
    description: NullableString,
    description_ru: NullableString,
    database: Type.Partial(
      Type.Object({ id: Type.Integer(), database_name: Type.String(), backend: Type.String() }),
    ),
    main_dttm_col: NullableString,
    offset: Type.Integer(),
    default_endpoint: NullableString,
    cache_timeout: Nullable(Type.Integer()),
    is_sqllab_view: Type.Boolean(),
    template_params: NullableString,
    select_star: NullableString,
    filter_select_enabled: Type.Boolean(),
    fetch_values_predicate: NullableString,
    normalize_columns: Type.Boolean(),
    always_filter_main_dttm: Type.Boolean(),
    extra: NullableString,
    certified_by: NullableString,
    certification_details: NullableString,
    is_managed_externally: Type.Boolean(),
    url: Type.String(),
    explore_url: Type.String(),
    uid: Type.String(),
    name: Type.String(),
    datasource_name: Type.String(),
    column_formats: Type.Record(Type.String(), Type.String()),
    currency_formats: Type.Record(Type.String(), Currency),
    verbose_map: Type.Record(Type.String(), Type.String()),
    granularity_sqla: Type.Array(Pair),
    time_grain_sqla: Type.Array(Pair),
    order_by_choices: Type.Array(Pair),
    owners: Type.Array(UserRef),
    created_on: Type.String(),
    created_on_humanized: Type.String(),
    created_by: Nullable(UserRef),
    changed_on: Type.String(),
    changed_on_humanized: Type.String(),
    changed_by: Nullable(UserRef),
    columns: Type.Array(ColumnSchema),
    metrics: Type.Array(MetricSchema),
  }),
);

export const DatasetListItem = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    table_name: Type.String(),
    catalog: NullableString,
    schema: NullableString,
    sql: NullableString,
    kind: Type.String(),
    datasource_type: Type.String(),
    description: NullableString,
    description_ru: NullableString,
    default_endpoint: NullableString,
    extra: NullableString,
    explore_url: Type.String(),
    certified_by: NullableString,
    certification_details: NullableString,
    database: Type.Partial(
      Type.Object({ id: Type.Integer(), database_name: Type.String(), uuid: Type.String() }),
    ),
    owners: Type.Array(UserRef),
    changed_by: Nullable(UserRef),
    changed_by_name: Type.String(),
    changed_on: Type.String(),
    changed_on_utc: Type.String(),
    changed_on_delta_humanized: Type.String(),
  }),
);

export const ShowResponse = Type.Object({
  id: Type.Integer(),
  result: DatasetSchema,
  show_columns: Type.Optional(Type.Array(Type.String())),
  label_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  description_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  show_title: Type.Optional(Type.String()),
});

export const ItemResponse = Type.Object({ id: Type.Integer(), result: DatasetSchema });
export const CreateResponse = Type.Object({
  id: Type.Integer(),
  result: DatasetSchema,
  data: DatasetSchema,
});

const OwnerIds = Type.Array(Type.Integer(), { description: 'User ids' });

export const CreateBody = Type.Object(
  {
    database: Type.Integer(),
    table_name: Type.String({ maxLength: 250 }),
    catalog: Type.Optional(NullableString),
    schema: Type.Optional(NullableString),
    sql: Type.Optional(NullableString),
    owners: Type.Optional(OwnerIds),
    normalize_columns: Type.Optional(Type.Boolean()),
    always_filter_main_dttm: Type.Optional(Type.Boolean()),
    template_params: Type.Optional(NullableString),
    is_managed_externally: Type.Optional(Nullable(Type.Boolean())),
    external_url: Type.Optional(NullableString),
  },
  { additionalProperties: false },
);

const ColumnInput = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    column_name: Type.String({ maxLength: 255 }),
    verbose_name: Type.Optional(NullableString),
    verbose_name_ru: Type.Optional(NullableString),
    type: Type.Optional(NullableString),
    type_generic: Type.Optional(Nullable(Type.Integer())),
    expression: Type.Optional(NullableString),
    description: Type.Optional(NullableString),
    description_ru: Type.Optional(NullableString),
    is_dttm: Type.Optional(Type.Boolean()),
    groupby: Type.Optional(Type.Boolean()),
    filterable: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    python_date_format: Type.Optional(NullableString),
    advanced_data_type: Type.Optional(NullableString),
    is_certified: Type.Optional(Type.Boolean()),
    certified_by: Type.Optional(NullableString),
    warning_text: Type.Optional(NullableString),
    extra: Type.Optional(NullableString),
    uuid: Type.Optional(Type.String()),
    created_on: Type.Optional(Type.String()),
    changed_on: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const MetricInput = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    metric_name: Type.String({ maxLength: 255 }),
    // Checked by the service, so a missing expression is a 422 naming the metrics, not a 400.
    expression: Type.Optional(Type.String()),
    verbose_name: Type.Optional(NullableString),
    verbose_name_ru: Type.Optional(NullableString),
    metric_type: Type.Optional(NullableString),
    d3format: Type.Optional(NullableString),
    currency: Type.Optional(Nullable(Type.Union([Currency, Type.String()]))),
    description: Type.Optional(NullableString),
    description_ru: Type.Optional(NullableString),
    warning_text: Type.Optional(NullableString),
    certified_by: Type.Optional(NullableString),
    certification_details: Type.Optional(NullableString),
    extra: Type.Optional(NullableString),
    uuid: Type.Optional(Type.String()),
    created_on: Type.Optional(Type.String()),
    changed_on: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const UpdateBody = Type.Object(
  {
    table_name: Type.Optional(Type.String({ maxLength: 250 })),
    sql: Type.Optional(NullableString),
    catalog: Type.Optional(NullableString),
    schema: Type.Optional(NullableString),
    description: Type.Optional(NullableString),
    description_ru: Type.Optional(NullableString),
    main_dttm_col: Type.Optional(NullableString),
    cache_timeout: Type.Optional(Nullable(Type.Integer())),
    template_params: Type.Optional(NullableString),
    owners: Type.Optional(OwnerIds),
    extra: Type.Optional(NullableString),
    offset: Type.Optional(Type.Integer()),
    default_endpoint: Type.Optional(NullableString),
    filter_select_enabled: Type.Optional(Type.Boolean()),
    fetch_values_predicate: Type.Optional(NullableString),
    normalize_columns: Type.Optional(Type.Boolean()),
    always_filter_main_dttm: Type.Optional(Type.Boolean()),
    is_sqllab_view: Type.Optional(Type.Boolean()),
    certified_by: Type.Optional(NullableString),
    certification_details: Type.Optional(NullableString),
    database_id: Type.Optional(Type.Integer()),
    external_url: Type.Optional(NullableString),
    is_managed_externally: Type.Optional(Nullable(Type.Boolean())),
    folders: Type.Optional(Type.Unknown()),
    columns: Type.Optional(Type.Array(ColumnInput)),
    metrics: Type.Optional(Type.Array(MetricInput)),
  },
  { additionalProperties: false },
);

export const UpdateQuerystring = Type.Object({
  override_columns: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
});

export const IdParams = Type.Object({ id: Type.Integer() });
export const IdOrUuidParams = Type.Object({ id: Type.String({ pattern: '^[0-9A-Za-z-]+$' }) });

export const DuplicateBody = Type.Object({
  base_model_id: Type.Integer(),
  table_name: Type.String({ minLength: 1, maxLength: 250 }),
});

export const GetOrCreateBody = Type.Object({
  database_id: Type.Integer(),
  table_name: Type.String({ minLength: 1, maxLength: 250 }),
  schema: Type.Optional(NullableString),
  catalog: Type.Optional(NullableString),
  template_params: Type.Optional(NullableString),
  normalize_columns: Type.Optional(Type.Boolean()),
  always_filter_main_dttm: Type.Optional(Type.Boolean()),
});

export const RelatedObjects = Type.Object({
  charts: Type.Object({
    count: Type.Integer(),
    result: Type.Array(
      Type.Object({ id: Type.Integer(), slice_name: Type.String(), viz_type: Type.String() }),
    ),
  }),
  dashboards: Type.Object({
    count: Type.Integer(),
    result: Type.Array(
      Type.Object({
        id: Type.Integer(),
        json_metadata: NullableString,
        slug: NullableString,
        title: Type.String(),
      }),
    ),
  }),
});

export const DistinctResponse = Type.Object({
  count: Type.Integer(),
  result: Type.Array(Type.Object({ text: Type.String(), value: Type.String() })),
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
