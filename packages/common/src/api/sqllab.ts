/**
 * SQL Lab's contract (reference/superset-api.md §2): execute, results, the query object, estimate and
 * format; and, still as plain types, the editor state kept on the server (tab state and table schemas).
 */
import { type Static, Type } from 'typebox';
import type { LimitingFactor, QueryState } from './constants/sqllab.ts';
import { Nullable } from './shared.ts';

export type { LimitingFactor, QueryState } from './constants/sqllab.ts';

const NullableString = Nullable(Type.String());

export const ResultColumnInfo = Type.Object({
  column_name: Type.String(),
  name: Type.String(),
  type: NullableString,
  type_generic: Nullable(Type.Integer()),
  is_dttm: Type.Boolean(),
});
export type ResultColumnInfo = Static<typeof ResultColumnInfo>;

// States and limiting factors are typed as their unions but serialised as plain strings, as before.
const State = Type.Unsafe<QueryState>(Type.String());

/** Superset's Query.to_dict. */
export const SqlLabQuery = Type.Object({
  id: Type.String(),
  queryId: Type.Integer(),
  serverId: Type.Integer(),
  dbId: Type.Integer(),
  db: Type.String(),
  sql: Type.String(),
  executedSql: NullableString,
  schema: NullableString,
  catalog: NullableString,
  sqlEditorId: NullableString,
  tab: NullableString,
  state: State,
  progress: Type.Integer(),
  rows: Nullable(Type.Integer()),
  limit: Nullable(Type.Integer()),
  limitingFactor: Type.Unsafe<LimitingFactor>(Type.String()),
  startDttm: Nullable(Type.Number()),
  endDttm: Nullable(Type.Number()),
  errorMessage: NullableString,
  resultsKey: NullableString,
  ctas: Type.Boolean(),
  tempSchema: NullableString,
  tempTable: NullableString,
  userId: Nullable(Type.Integer()),
  user: Type.String(),
  trackingUrl: NullableString,
  changed_on: Type.String(),
  extra: Type.Object({
    progress: Type.Optional(NullableString),
    errors: Type.Optional(Type.Array(Type.Unknown())),
    columns: Type.Optional(Type.Array(ResultColumnInfo)),
  }),
});
export type SqlLabQuery = Static<typeof SqlLabQuery>;

/** An async run accepted (202), or a sync one that left no rows to show. */
export const SqlLabQueryOnly = Type.Object({ query: SqlLabQuery });

/** Sync execute (200) and `GET /api/v1/sqllab/results/` answer. */
export const ExecuteResult = Type.Object({
  query_id: Type.Integer(),
  status: State,
  data: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  columns: Type.Array(ResultColumnInfo),
  selected_columns: Type.Array(ResultColumnInfo),
  expanded_columns: Type.Array(ResultColumnInfo),
  query: SqlLabQuery,
  displayLimitReached: Type.Optional(Type.Boolean()),
});
export type ExecuteResult = Static<typeof ExecuteResult>;

/** A sync run the user stopped (Superset answers its payload as is, with 200). */
export const SqlLabStoppedRun = Type.Object({ query_id: Type.Integer(), status: Type.Literal('stopped') });

export const SqlLabExecuteResponse = Type.Union([ExecuteResult, SqlLabQueryOnly, SqlLabStoppedRun]);

/** `POST /api/v1/sqllab/execute/` body (camelCase names are Superset's). */
export const ExecuteRequest = Type.Object(
  {
    database_id: Type.Integer(),
    sql: Type.String(),
    client_id: Type.Optional(Type.String({ maxLength: 11 })),
    catalog: Type.Optional(NullableString),
    schema: Type.Optional(NullableString),
    tab: Type.Optional(NullableString),
    sql_editor_id: Type.Optional(NullableString),
    queryLimit: Type.Optional(Type.Integer({ minimum: 0 })),
    runAsync: Type.Optional(Type.Boolean()),
    /** JSON text of the template parameters. */
    templateParams: Type.Optional(NullableString),
    select_as_cta: Type.Optional(Type.Boolean()),
    ctas_method: Type.Optional(Type.Union([Type.Literal('TABLE'), Type.Literal('VIEW')])),
    tmp_table_name: Type.Optional(NullableString),
    expand_data: Type.Optional(Type.Boolean()),
    json: Type.Optional(Type.Boolean()),
  },
  // Superset's UI sends a few more keys (ctas, json…); they are accepted and ignored.
  { additionalProperties: true },
);
export type ExecuteRequest = Static<typeof ExecuteRequest>;

/** `GET /api/v1/sqllab/results/?q=(key:…,rows:…)`. */
export const SqlLabResultsQuerystring = Type.Object({ q: Type.Optional(Type.String()) });

/** A table opened in a tab's left bar (`/tableschemaview/`). */
export const TableSchemaState = Type.Object({
  id: Type.Integer(),
  tab_state_id: Type.Integer(),
  database_id: Type.Integer(),
  catalog: NullableString,
  schema: NullableString,
  table: Type.String(),
  /** The client's whole table object, as it sent it. */
  description: Type.Record(Type.String(), Type.Unknown()),
  expanded: Type.Boolean(),
});
export type TableSchemaState = Static<typeof TableSchemaState>;

/** `GET /tabstateview/{id}`: a SQL Lab tab kept on the server, with its tables and latest query. */
export const TabState = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  label: Type.String(),
  active: Type.Boolean(),
  database_id: Nullable(Type.Integer()),
  catalog: NullableString,
  schema: NullableString,
  sql: Type.String(),
  query_limit: Nullable(Type.Integer()),
  latest_query: Nullable(SqlLabQuery),
  autorun: Type.Boolean(),
  template_params: NullableString,
  hide_left_bar: Type.Boolean(),
  saved_query: Nullable(Type.Object({ id: Type.Integer() })),
  extra_json: Type.Record(Type.String(), Type.Unknown()),
  table_schemas: Type.Array(TableSchemaState),
});
export type TabState = Static<typeof TabState>;

/** `GET /api/v1/sqllab/` result: the editor's bootstrap. */
export const SqlLabBootstrap = Type.Object({
  /** Null when the user has no tab (or backend persistence is off). */
  active_tab: Nullable(TabState),
  /** `[id, label]` of each of the user's tabs. */
  tab_state_ids: Type.Array(Type.Tuple([Type.Integer(), Type.String()])),
  /** The databases exposed in SQL Lab, by id, with their flags. */
  databases: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  queries: Type.Record(Type.String(), SqlLabQuery),
  /** The configured default database (Superset's SQLLAB_DEFAULT_DBID) when the user may use it. */
  default_db_id: Type.Optional(Nullable(Type.Integer())),
});
export type SqlLabBootstrap = Static<typeof SqlLabBootstrap>;

export const SqlLabBootstrapResponse = Type.Object({ result: SqlLabBootstrap });

/** `POST /api/v1/sqllab/estimate/`. */
export const SqlLabEstimateRequest = Type.Object(
  {
    database_id: Type.Integer(),
    sql: Type.String(),
    template_params: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String(), Type.Null()]),
    ),
    catalog: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    schema: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: true },
);
export const SqlLabEstimateResponse = Type.Object({
  result: Type.Array(Type.Record(Type.String(), Type.String())),
});

/** `POST /api/v1/sqllab/format_sql/`: the dialect of the database, or of the engine named. */
export const SqlLabFormatRequest = Type.Object(
  {
    sql: Type.String(),
    database_id: Type.Optional(Type.Integer()),
    engine: Type.Optional(Type.String()),
    template_params: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);
export const SqlLabFormatResponse = Type.Object({ result: Type.String() });

/** `POST /sqllab/`: a chart's "View query in SQL Lab" form post. */
export const SqlLabFormPost = Type.Object({
  form_data: Type.String({ maxLength: 1_000_000 }),
  csrf_token: Type.Optional(Type.String({ maxLength: 1024 })),
});

export const SqlLabExportParams = Type.Object({ client_id: Type.String() });
