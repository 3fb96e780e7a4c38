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

/** `GET /api/v1/sqllab/`: the editor's bootstrap (SqlLabBootstrap below types it for the client). */
export const SqlLabBootstrapResponse = Type.Object({
  result: Type.Object({
    // The tab state as the tab state API answers it (resources/tabState).
    active_tab: Type.Unknown(),
    tab_state_ids: Type.Array(Type.Tuple([Type.Integer(), Type.String()])),
    databases: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
    queries: Type.Record(Type.String(), SqlLabQuery),
  }),
});

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

export interface TableSchemaState {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  /** The client's whole table object, as it sent it. */
  description: Record<string, unknown>;
  expanded: boolean;
}

/** `GET /tabstateview/{id}`. */
export interface TabState {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  latest_query: SqlLabQuery | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: Record<string, unknown>;
  table_schemas: TableSchemaState[];
}

/** `GET /api/v1/sqllab/` bootstrap. */
export interface SqlLabBootstrap {
  active_tab: TabState | null;
  tab_state_ids: Array<[number, string]>;
  databases: Record<string, Record<string, unknown>>;
  queries: Record<string, SqlLabQuery>;
}
