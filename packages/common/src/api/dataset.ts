/**
 * The contract of `/api/v1/dataset/` and, still as plain types, the file upload
 * (`POST /api/v1/database/{id}/upload/`), as Superset names them. Russian variants (`*_ru`) are
 * answered as stored; the UI picks the one to show.
 *
 * Item schemas (Dataset, DatasetListItem) describe the item as the default columns answer it;
 * responses serialise their `Columns()`, as `?q=(columns:…)` may ask for any subset.
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Columns, Nullable, TagRef, UserRef } from './shared.ts';

export type { GenericDataType, GenericDataTypeName } from './constants/genericDataType.ts';

const NullableString = Nullable(Type.String());

export type DatasetKind = 'physical' | 'virtual';

/** A metric's currency; clients may add keys of their own, which are kept. */
export const CurrencyFormat = Type.Object(
  { symbol: Type.String(), symbolPosition: Type.String() },
  { additionalProperties: true },
);
export type CurrencyFormat = Static<typeof CurrencyFormat>;

export const DatasetColumn = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  column_name: Type.String(),
  verbose_name: NullableString,
  verbose_name_ru: NullableString,
  /** The native type as the database reports it; null for calculated columns nobody typed. */
  type: NullableString,
  /** A GenericDataType. */
  type_generic: Nullable(Type.Integer()),
  /** SQL of a calculated column; null for a column of the table itself. */
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
  /** JSON text, as Superset keeps it; carries `certification` and `warning_markdown` too. */
  extra: NullableString,
  created_on: Type.String(),
  changed_on: Type.String(),
});
export type DatasetColumn = Static<typeof DatasetColumn>;

export const DatasetMetric = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  metric_name: Type.String(),
  verbose_name: NullableString,
  verbose_name_ru: NullableString,
  expression: Type.String(),
  metric_type: NullableString,
  d3format: NullableString,
  currency: Nullable(CurrencyFormat),
  description: NullableString,
  description_ru: NullableString,
  warning_text: NullableString,
  certified_by: NullableString,
  certification_details: NullableString,
  /** JSON text; carries `certification` and `warning_markdown` as Superset does. */
  extra: NullableString,
  created_on: Type.String(),
  changed_on: Type.String(),
});
export type DatasetMetric = Static<typeof DatasetMetric>;

/** A `[value, label]` choice (time grains, order-by choices…). */
const Pair = Type.Array(Type.String());

/** `GET /api/v1/dataset/{id}` → `{id, result: Dataset}` (or the requested subset of it). */
export const Dataset = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  table_name: Type.String(),
  catalog: NullableString,
  schema: NullableString,
  sql: NullableString,
  /** A DatasetKind. */
  kind: Type.String(),
  datasource_type: Type.String(),
  description: NullableString,
  description_ru: NullableString,
  database: Type.Object({ id: Type.Integer(), database_name: Type.String(), backend: Type.String() }),
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
  currency_formats: Type.Record(Type.String(), CurrencyFormat),
  verbose_map: Type.Record(Type.String(), Type.String()),
  granularity_sqla: Type.Array(Pair),
  time_grain_sqla: Type.Array(Pair),
  order_by_choices: Type.Array(Pair),
  owners: Type.Array(UserRef),
  tags: Type.Array(TagRef),
  created_on: Type.String(),
  created_on_humanized: Type.String(),
  created_by: Nullable(UserRef),
  changed_on: Type.String(),
  changed_on_humanized: Type.String(),
  changed_by: Nullable(UserRef),
  columns: Type.Array(DatasetColumn),
  metrics: Type.Array(DatasetMetric),
});
export type Dataset = Static<typeof Dataset>;

/** A dataset as answered: the columns asked for. */
export const DatasetColumns = Columns(Dataset);

export const DatasetShowResponse = Type.Object({
  id: Type.Integer(),
  result: DatasetColumns,
  show_columns: Type.Optional(Type.Array(Type.String())),
  label_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  description_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  show_title: Type.Optional(Type.String()),
});

/** What an update, a duplicate or a get-or-create answers. */
export const DatasetItemResponse = Type.Object({ id: Type.Integer(), result: DatasetColumns });

/** A create answers the dataset twice, as `result` and (Superset's old clients) `data`. */
export const DatasetCreateResponse = Type.Object({
  id: Type.Integer(),
  result: DatasetColumns,
  data: DatasetColumns,
});

/** One row of `GET /api/v1/dataset/` (any subset of it, as `columns` asks). */
export const DatasetListItem = Type.Object({
  ...Type.Pick(Dataset, [
    'id',
    'uuid',
    'table_name',
    'catalog',
    'schema',
    'sql',
    'kind',
    'datasource_type',
    'description',
    'description_ru',
    'default_endpoint',
    'extra',
    'explore_url',
    'certified_by',
    'certification_details',
    'owners',
    'tags',
    'changed_by',
    'changed_on',
  ]).properties,
  // The list names the database by uuid where the item names its backend.
  database: Type.Object({ id: Type.Integer(), database_name: Type.String(), uuid: Type.String() }),
  changed_by_name: Type.String(),
  changed_on_utc: Type.String(),
  changed_on_delta_humanized: Type.String(),
});
export type DatasetListItem = Static<typeof DatasetListItem>;

export const DatasetListResponse = listResponse(Columns(DatasetListItem));

const OwnerIds = Type.Array(Type.Integer(), { description: 'User ids' });

/** A result column as SQL Lab sends it with a new dataset (other fields it carries are ignored). */
const DatasetCreateColumn = Type.Object(
  {
    column_name: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    type: Type.Optional(NullableString),
    is_dttm: Type.Optional(Nullable(Type.Boolean())),
  },
  { additionalProperties: true },
);

/** `POST /api/v1/dataset/`: `sql` makes a virtual dataset. */
export const DatasetCreateRequest = Type.Object(
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
    /**
     * The columns SQL Lab's "Save dataset" sends from its results (name, type, is_dttm). The engine's
     * columns are what the dataset gets; a column sent as temporal is marked temporal.
     */
    columns: Type.Optional(Type.Array(DatasetCreateColumn)),
  },
  { additionalProperties: false },
);
export type DatasetCreateRequest = Static<typeof DatasetCreateRequest>;

/** A column as an update sends it: any field of DatasetColumn, the name alone required (a new column has no id). */
export const DatasetColumnInput = Type.Object(
  { ...Type.Partial(DatasetColumn).properties, column_name: Type.String({ maxLength: 255 }) },
  { additionalProperties: false },
);
export type DatasetColumnInput = Static<typeof DatasetColumnInput>;

/** A metric as an update sends it: any field of DatasetMetric, the name alone required. */
export const DatasetMetricInput = Type.Object(
  {
    // `expression` is optional here: the service checks it, so a missing one is a 422 naming the metrics, not a 400.
    ...Type.Partial(DatasetMetric).properties,
    metric_name: Type.String({ maxLength: 255 }),
    // Superset's UI may send the currency as JSON text.
    currency: Type.Optional(Nullable(Type.Union([CurrencyFormat, Type.String()]))),
  },
  { additionalProperties: false },
);
export type DatasetMetricInput = Static<typeof DatasetMetricInput>;

/** `PUT /api/v1/dataset/{id}?override_columns=…`: only the fields present change. */
export const DatasetUpdateRequest = Type.Object(
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
    columns: Type.Optional(Type.Array(DatasetColumnInput)),
    metrics: Type.Optional(Type.Array(DatasetMetricInput)),
  },
  { additionalProperties: false },
);
export type DatasetUpdateRequest = Static<typeof DatasetUpdateRequest>;

export const DatasetUpdateQuerystring = Type.Object({
  override_columns: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
});

/** `POST /api/v1/dataset/duplicate`: a virtual dataset copied under a new name. */
export const DatasetDuplicateRequest = Type.Object({
  base_model_id: Type.Integer(),
  table_name: Type.String({ minLength: 1, maxLength: 250 }),
});

/** `POST /api/v1/dataset/get_or_create/`. */
export const DatasetGetOrCreateRequest = Type.Object({
  database_id: Type.Integer(),
  table_name: Type.String({ minLength: 1, maxLength: 250 }),
  schema: Type.Optional(NullableString),
  catalog: Type.Optional(NullableString),
  template_params: Type.Optional(NullableString),
  normalize_columns: Type.Optional(Type.Boolean()),
  always_filter_main_dttm: Type.Optional(Type.Boolean()),
});

/** `POST /api/v1/dataset/get_or_create/` → the id of the dataset found or made. */
export const DatasetGetOrCreateResponse = Type.Object({ result: Type.Object({ table_id: Type.Integer() }) });

export const DatasetColumnParams = Type.Object({ id: Type.Integer(), column_id: Type.Integer() });
export const DatasetMetricParams = Type.Object({ id: Type.Integer(), metric_id: Type.Integer() });

/** `GET /api/v1/dataset/{id}/related_objects`. */
export const DatasetRelatedObjects = Type.Object({
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
export type DatasetRelatedObjects = Static<typeof DatasetRelatedObjects>;
