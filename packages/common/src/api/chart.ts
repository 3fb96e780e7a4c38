/**
 * The contract of `/api/v1/chart/` (Superset's ChartRestApi) and the explore helpers
 * (`/api/v1/explore/`, `/api/v1/explore/permalink`, `/api/v1/form_data/`, a column's values).
 * `params` and `query_context` travel as JSON text, as Superset sends them.
 *
 * Item schemas (Chart, ChartListItem) describe the item as the default columns answer it; responses
 * serialise their `Columns()`, as `?q=(columns:…)` may ask for any subset.
 */
import { type Static, Type } from 'typebox';
import { ChartDataQueryResult } from './chartData.ts';
import { Dataset, DatasetColumn, DatasetMetric } from './dataset.ts';
import { listResponse } from './list.ts';
import { Columns, Nullable, TagRef, UserRef } from './shared.ts';

const NullableString = Nullable(Type.String());

/** A dashboard a chart is on. */
export const DashboardRef = Type.Object({
  id: Type.Integer(),
  dashboard_title: Type.String(),
  dashboard_title_ru: Type.Optional(NullableString),
  json_metadata: Type.Optional(NullableString),
});
export type DashboardRef = Static<typeof DashboardRef>;

/** `GET /api/v1/chart/{id}` → `{ id, result: Chart }`. */
export const Chart = Type.Object({
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
});
export type Chart = Static<typeof Chart>;

export const ChartShowResponse = Type.Object({
  id: Type.Integer(),
  result: Columns(Chart),
  show_columns: Type.Optional(Type.Array(Type.String())),
  label_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  description_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
  show_title: Type.Optional(Type.String()),
});

/** One item of `GET /api/v1/chart/?q=` (the columns asked for, or these by default). */
export const ChartListItem = Type.Object({
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
  table: Nullable(Type.Object({ table_name: Type.String(), default_endpoint: NullableString })),
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
});
export type ChartListItem = Static<typeof ChartListItem>;

export const ChartListResponse = listResponse(Columns(ChartListItem));

const chartWriteFields = {
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
  tags: Type.Array(Type.Integer(), { description: 'Custom tag ids; on PUT the list replaces the set' }),
};

/**
 * `POST /api/v1/chart/` and `PUT /api/v1/chart/{id}` bodies. Every field is optional here: the server
 * checks what a create requires, so a missing field is a 400 naming it in Superset's
 * `{"message": {"field": […]}}` shape.
 */
export const ChartWriteRequest = Type.Partial(Type.Object(chartWriteFields), { additionalProperties: false });
export type ChartWriteRequest = Static<typeof ChartWriteRequest>;

/** What a create or an update accepted, echoed back as Superset does. */
export const ChartWriteResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Partial(Type.Object(chartWriteFields)),
});

/** `GET /api/v1/chart/{id}/data/`: json (default), or a csv/xlsx file. */
export const ChartDataQuerystring = Type.Object({
  format: Type.Optional(Type.String({ description: 'json (default), csv or xlsx' })),
  type: Type.Optional(Type.String({ description: 'full (default), samples, query, results, …' })),
  force: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
});
/** The chart's data (and `POST /api/v1/chart/data`, `GET /api/v1/chart/data/{cache_key}`): one result per query. */
export const ChartDataResponse = Type.Object({
  result: Type.Array(ChartDataQueryResult),
});
export type ChartDataResponse = Static<typeof ChartDataResponse>;

/** `[value, label]`: explore destructures the choices of a dataset as pairs. */
const Choice = Type.Tuple([Type.String(), Type.String()]);

/**
 * A column as explore receives it: the datasets API's column, whole. What explore reads is required;
 * the rest is optional, so hand-made datasets (tests, placeholders) need not invent it.
 */
const ExploreColumn = Type.Object({
  ...Type.Partial(DatasetColumn).properties,
  ...Type.Pick(DatasetColumn, [
    'id',
    'column_name',
    'verbose_name',
    'verbose_name_ru',
    'type',
    'type_generic',
    'is_dttm',
    'groupby',
    'filterable',
    'expression',
    'description',
    'is_certified',
    'certified_by',
    'warning_text',
  ]).properties,
});

/** A metric as explore receives it: the datasets API's metric, whole; what explore reads is required. */
const ExploreMetric = Type.Object({
  ...Type.Partial(DatasetMetric).properties,
  ...Type.Pick(DatasetMetric, [
    'id',
    'metric_name',
    'verbose_name',
    'verbose_name_ru',
    'expression',
    'd3format',
    'currency',
    'description',
    'certified_by',
    'certification_details',
    'warning_text',
  ]).properties,
});

/**
 * The dataset as explore needs it (Superset's `datasource.data`): `GET /api/v1/explore/` result.dataset,
 * `/superset/fetch_datasource_metadata`. The datasets API's show payload, whole (a response schema drops
 * what it does not list), with the names explore reads: `type`, `filter_select`, `edit_url`.
 */
export const ExploreDataset = Type.Object({
  ...Type.Partial(Dataset).properties,
  ...Type.Pick(Dataset, [
    'id',
    'uid',
    'name',
    'datasource_name',
    'table_name',
    'schema',
    'description',
    'description_ru',
    'main_dttm_col',
    'verbose_map',
    'owners',
  ]).properties,
  type: Type.String(),
  filter_select: Type.Optional(Type.Boolean()),
  edit_url: Type.Optional(Type.String()),
  database: Type.Object({ id: Type.Integer(), database_name: Type.String(), backend: Type.String() }),
  granularity_sqla: Type.Array(Choice),
  time_grain_sqla: Type.Array(Choice),
  order_by_choices: Type.Array(Choice),
  columns: Type.Array(ExploreColumn),
  metrics: Type.Array(ExploreMetric),
});
export type ExploreDataset = Static<typeof ExploreDataset>;

/** A saved chart as explore opens it. */
export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  slice_name_ru: string | null;
  form_data: Record<string, unknown>;
  query_context: string | null;
  owners: number[];
  dashboards: number[];
  changed_on: string;
  description: string | null;
  certified_by: string | null;
  certification_details: string | null;
  cache_timeout: number | null;
}

const AnyObject = Type.Record(Type.String(), Type.Unknown());

/**
 * `GET /api/v1/explore/?slice_id=|permalink_key=|datasource_id=&datasource_type=` → `{result}`. The
 * slice is an open object in the contract (its presenter decides the keys); the client reads it as
 * ExploreSlice.
 */
export const ExploreResult = Type.Object({
  form_data: AnyObject,
  dataset: ExploreDataset,
  slice: Nullable(AnyObject),
  message: NullableString,
  metadata: Nullable(AnyObject),
});
export type ExploreResponse = Omit<Static<typeof ExploreResult>, 'slice'> & { slice: ExploreSlice | null };
export const ExploreGetResponse = Type.Object({ result: ExploreResult });

export const ExploreQuerystring = Type.Object({
  slice_id: Type.Optional(Type.Integer()),
  datasource_id: Type.Optional(Type.Integer()),
  datasource_type: Type.Optional(Type.String()),
  permalink_key: Type.Optional(Type.String()),
  form_data_key: Type.Optional(Type.String()),
});

/** `POST /api/v1/explore/permalink` body: the state to keep. */
export const ExplorePermalinkRequest = Type.Object(
  { formData: Type.Optional(Type.Unknown()), urlParams: Type.Optional(Type.Unknown()) },
  { additionalProperties: true },
);
/** `POST /api/v1/explore/permalink` → 201 `{key, url}`. */
export const PermalinkCreated = Type.Object({ key: Type.String(), url: Type.String() });
export const PermalinkKeyParams = Type.Object({ key: Type.String({ maxLength: 64 }) });

/** `GET /api/v1/explore/permalink/{key}` → the stored state. */
export const ExplorePermalinkState = Type.Object({
  chartId: Nullable(Type.Integer()),
  datasourceId: Type.Integer(),
  datasourceType: Type.String(),
  datasource: Type.String(),
  state: Type.Object({
    formData: AnyObject,
    urlParams: Type.Optional(Type.Array(Type.Array(Type.String()))),
  }),
});
export type ExplorePermalinkState = Static<typeof ExplorePermalinkState>;

/** `GET /api/v1/form_data/?slice_id=`: a saved chart's form data, `{}` when there is none. */
export const FormDataQuerystring = Type.Object({ slice_id: Type.Optional(Type.String()) });
export const FormDataResponse = AnyObject;

/** `GET /superset/fetch_datasource_metadata?datasourceKey=3__table`: the dataset as explore needs it. */
export const DatasourceMetadataQuerystring = Type.Object({ datasourceKey: Type.String() });
export const DatasourceMetadataResponse = ExploreDataset;

/** `GET /api/v1/datasource/{type}/{id}/column/{column}/values/`: distinct values, for filters. */
export const ColumnValuesParams = Type.Object({
  datasource_type: Type.String(),
  datasource_id: Type.Integer(),
  column_name: Type.String(),
});
export const ColumnValuesResponse = Type.Object({ result: Type.Array(Type.Unknown()) });
