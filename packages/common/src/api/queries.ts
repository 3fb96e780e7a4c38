/**
 * The contract of query history (`/api/v1/query/`, Superset's QueryRestApi): the list, one query, the
 * polling channel `updated_since` and stop.
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Nullable } from './shared.ts';
import { SqlLabQuery } from './sqllab.ts';

/** A query as the history lists it. */
export const QueryListItem = Type.Object({
  id: Type.Integer(),
  client_id: Type.String(),
  changed_on: Type.String(),
  database: Type.Object({ id: Type.Integer(), database_name: Type.String() }),
  executed_sql: Nullable(Type.String()),
  rows: Nullable(Type.Integer()),
  schema: Nullable(Type.String()),
  catalog: Nullable(Type.String()),
  sql: Type.String(),
  sql_tables: Type.Array(Type.Unknown()),
  status: Type.String(),
  tab_name: Nullable(Type.String()),
  user: Nullable(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
  start_time: Nullable(Type.Number()),
  end_time: Nullable(Type.Number()),
  tmp_table_name: Nullable(Type.String()),
  tracking_url: Nullable(Type.String()),
  results_key: Nullable(Type.String()),
  error_message: Nullable(Type.String()),
});
export type QueryListItem = Static<typeof QueryListItem>;

/** `GET /api/v1/query/`: any of the item's columns may be asked for. */
export const QueryListResponse = listResponse(Type.Partial(QueryListItem));

/** `GET /api/v1/query/{id}`: one query as Superset's show answers it. */
export const QueryDetail = Type.Object({
  id: Type.Integer(),
  client_id: Type.String(),
  changed_on: Type.String(),
  database: Type.Object({ id: Type.Integer() }),
  catalog: Nullable(Type.String()),
  schema: Nullable(Type.String()),
  sql: Type.String(),
  select_sql: Nullable(Type.String()),
  executed_sql: Nullable(Type.String()),
  limit: Nullable(Type.Integer()),
  progress: Type.Integer(),
  rows: Nullable(Type.Integer()),
  error_message: Nullable(Type.String()),
  results_key: Nullable(Type.String()),
  status: Type.String(),
  tab_name: Nullable(Type.String()),
  sql_editor_id: Nullable(Type.String()),
  tmp_schema_name: Nullable(Type.String()),
  tmp_table_name: Nullable(Type.String()),
  select_as_cta: Type.Boolean(),
  select_as_cta_used: Type.Boolean(),
  start_time: Nullable(Type.Number()),
  start_running_time: Nullable(Type.Number()),
  end_time: Nullable(Type.Number()),
  end_result_backend_time: Nullable(Type.Number()),
  tracking_url: Nullable(Type.String()),
  extra: Type.Record(Type.String(), Type.Unknown()),
});
export type QueryDetail = Static<typeof QueryDetail>;

export const QueryItemResponse = Type.Object({ id: Type.Integer(), result: QueryDetail });
export type QueryItemResponse = Static<typeof QueryItemResponse>;

/** `GET /api/v1/query/updated_since?q=(last_updated_ms:…)`: the caller's queries changed since then. */
export const QueryUpdatedSinceQuerystring = Type.Object({ q: Type.Optional(Type.String()) });
export const QueryUpdatedSinceResponse = Type.Object({ result: Type.Array(SqlLabQuery) });
export type QueryUpdatedSinceResponse = Static<typeof QueryUpdatedSinceResponse>;

/** `POST /api/v1/query/stop` body (and the legacy `/superset/stop_query/` form's field). */
export const StopQueryRequest = Type.Object({ client_id: Type.String({ minLength: 1 }) });
export type StopQueryRequest = Static<typeof StopQueryRequest>;

/** `POST /api/v1/query/stop` → `{ result: "OK" }`. */
export const StopQueryResponse = Type.Object({ result: Type.String() });
export type StopQueryResponse = Static<typeof StopQueryResponse>;

/** `/superset/stop_query/` answers the bare text `OK`. */
export const StopQueryText = Type.String();
