/**
 * The contract of `/api/v1/saved_query/` (Superset's SavedQueryRestApi). Items are open objects in the
 * contract (the presenter and `columns` decide the keys, and the bodies are checked by the service);
 * the client reads them as SavedQuery and writes SavedQueryWriteRequest.
 */
import { Type } from 'typebox';
import { listResponse } from './list.ts';

const SavedQueryItem = Type.Record(Type.String(), Type.Unknown());

export const SavedQueryListResponse = listResponse(SavedQueryItem);
/** `GET /api/v1/saved_query/{id}`, and what a create or an update answers. */
export const SavedQueryItemResponse = Type.Object({ id: Type.Integer(), result: SavedQueryItem });
/** POST and PUT bodies: checked field by field by the service, which names what is wrong in a 400/422. */
export const SavedQueryWriteBody = Type.Unknown();

/** `/api/v1/saved_query/` item (server names; the client maps remoteId↔id, dbId↔db_id, name↔label, templateParams↔template_parameters). */
export interface SavedQuery {
  id: number;
  label: string;
  description: string | null;
  db_id: number;
  database: { id: number; database_name: string };
  catalog: string | null;
  schema: string | null;
  sql: string;
  sql_tables?: Array<{ catalog: string | null; schema: string | null; table: string }>;
  template_parameters: string | null;
  extra_json?: string;
  /** The list's parsed extra_json (its `schedule_info` is the query's schedule). */
  extra?: Record<string, unknown>;
  /** Rows of the last scheduled run that succeeded. */
  rows: number | null;
  /** When the last scheduled run started (ISO text), its state (a SQL Lab query state) and error. */
  last_run?: string | null;
  last_run_state?: string | null;
  last_run_error?: string | null;
  last_run_delta_humanized?: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: { id: number; first_name: string; last_name: string } | null;
  changed_by: { id: number; first_name: string; last_name: string } | null;
  /** Custom tags: `{id, name, type}` with Superset's TagType number. */
  tags?: Array<{ id: number; name: string; type: number }>;
}

export interface SavedQueryWriteRequest {
  db_id: number;
  label: string;
  description?: string | null;
  catalog?: string | null;
  schema?: string | null;
  sql: string;
  template_parameters?: string | null;
  extra_json?: string;
}
