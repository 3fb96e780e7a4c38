import { Type } from 'typebox';

/** JSON schemas of SQL Lab's answers (reference/superset-api.md §2). */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ColumnInfo = Type.Object({
  column_name: Type.String(),
  name: Type.String(),
  type: Nullable(Type.String()),
  type_generic: Nullable(Type.Integer()),
  is_dttm: Type.Boolean(),
});

/** Superset's Query.to_dict. */
export const QueryObject = Type.Object({
  id: Type.String(),
  queryId: Type.Integer(),
  serverId: Type.Integer(),
  dbId: Type.Integer(),
  db: Type.String(),
  sql: Type.String(),
  executedSql: Nullable(Type.String()),
  schema: Nullable(Type.String()),
  catalog: Nullable(Type.String()),
  sqlEditorId: Nullable(Type.String()),
  tab: Nullable(Type.String()),
  state: Type.String(),
  progress: Type.Integer(),
  rows: Nullable(Type.Integer()),
  limit: Nullable(Type.Integer()),
  limitingFactor: Type.String(),
  startDttm: Nullable(Type.Number()),
  endDttm: Nullable(Type.Number()),
  errorMessage: Nullable(Type.String()),
  resultsKey: Nullable(Type.String()),
  ctas: Type.Boolean(),
  tempSchema: Nullable(Type.String()),
  tempTable: Nullable(Type.String()),
  userId: Nullable(Type.Integer()),
  user: Type.String(),
  trackingUrl: Nullable(Type.String()),
  changed_on: Type.String(),
  extra: Type.Object({
    progress: Type.Optional(Nullable(Type.String())),
    errors: Type.Optional(Type.Array(Type.Unknown())),
    columns: Type.Optional(Type.Array(ColumnInfo)),
  }),
});

export const QueryOnly = Type.Object({ query: QueryObject });

export const ExecuteResultSchema = Type.Object({
  query_id: Type.Integer(),
  status: Type.String(),
  data: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  columns: Type.Array(ColumnInfo),
  selected_columns: Type.Array(ColumnInfo),
  expanded_columns: Type.Array(ColumnInfo),
  query: QueryObject,
  displayLimitReached: Type.Optional(Type.Boolean()),
});

/** A sync run the user stopped (Superset answers its payload as is, with 200). */
export const StoppedRunSchema = Type.Object({ query_id: Type.Integer(), status: Type.Literal('stopped') });

export const ExecuteBody = Type.Object(
  {
    database_id: Type.Integer(),
    sql: Type.String(),
    client_id: Type.Optional(Type.String({ maxLength: 11 })),
    catalog: Type.Optional(Nullable(Type.String())),
    schema: Type.Optional(Nullable(Type.String())),
    tab: Type.Optional(Nullable(Type.String())),
    sql_editor_id: Type.Optional(Nullable(Type.String())),
    queryLimit: Type.Optional(Type.Integer({ minimum: 0 })),
    runAsync: Type.Optional(Type.Boolean()),
    templateParams: Type.Optional(Nullable(Type.String())),
    select_as_cta: Type.Optional(Type.Boolean()),
    ctas_method: Type.Optional(Type.Union([Type.Literal('TABLE'), Type.Literal('VIEW')])),
    tmp_table_name: Type.Optional(Nullable(Type.String())),
    expand_data: Type.Optional(Type.Boolean()),
    json: Type.Optional(Type.Boolean()),
  },
  // Superset's UI sends a few more keys (ctas, json…); they are accepted and ignored.
  { additionalProperties: true },
);
