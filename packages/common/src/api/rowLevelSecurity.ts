/** Row-level security filters: `/api/v1/rowlevelsecurity/` (Superset's RLSRestApi). */
import type { RoleRef } from './security.ts';

/** 'Regular' filters apply to members of the listed roles; 'Base' filters to everyone except them. */
export const RLS_FILTER_TYPES = ['Regular', 'Base'] as const;
export type RlsFilterType = (typeof RLS_FILTER_TYPES)[number];

/** A dataset a filter applies to, as the API names it. */
export interface RlsTableRef {
  id: number;
  schema: string | null;
  table_name: string;
}

/** A filter as `GET /api/v1/rowlevelsecurity/{id}` answers it (`{ id, result }`) and the list's items. */
export interface RowLevelSecurityFilter {
  id: number;
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  tables: RlsTableRef[];
  roles: RoleRef[];
  group_key: string | null;
  clause: string;
  changed_on?: string;
  changed_on_delta_humanized?: string;
  changed_by?: { id: number; first_name: string; last_name: string } | null;
}

/** `POST /api/v1/rowlevelsecurity/` body (tables and roles are ids); `PUT` takes any subset. */
export interface RowLevelSecurityWriteRequest {
  name: string;
  description?: string | null;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key?: string | null;
  clause: string;
}

/** One option of `GET /api/v1/rowlevelsecurity/related/{tables|roles}`. */
export interface RlsRelatedOption {
  value: number;
  text: string;
  extra?: Record<string, unknown>;
}
