/**
 * The contract of `/api/v1/dashboard/{id}/filtersets` (Superset's FilterSetRestApi): a dashboard's saved
 * native filter selections, owned by the dashboard or by a user.
 */
import { type Static, Type } from 'typebox';
import { Nullable, UserRef } from './shared.ts';

/** A filter set as the API answers it; `json_metadata` is `{nativeFilters, dataMask}` as text, `params` parsed. */
export const FilterSetItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  json_metadata: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
  dashboard_id: Type.Integer(),
  owner_type: Type.Union([Type.Literal('Dashboard'), Type.Literal('User')]),
  owner_id: Type.Integer(),
  is_primary: Type.Boolean(),
  created_on: Type.String(),
  changed_on: Type.String(),
  created_by: Nullable(UserRef),
  changed_by: Nullable(UserRef),
});
export type FilterSetItem = Static<typeof FilterSetItem>;

export const FilterSetDashboardParams = Type.Object({ dashboard_id: Type.Integer() });
export const FilterSetParams = Type.Object({ dashboard_id: Type.Integer(), pk: Type.Integer() });

/** Create and update bodies: checked field by field by the server (resources/filterSets/input.ts). */
export const FilterSetRequest = Type.Unknown({
  description: '{name, description, owner_type: Dashboard|User, owner_id, is_primary, json_metadata}',
});

export const FilterSetListResponse = Type.Object({
  count: Type.Integer(),
  ids: Type.Array(Type.Integer()),
  result: Type.Array(FilterSetItem),
});
export type FilterSetListResponse = Static<typeof FilterSetListResponse>;

/** A filter set created or updated. */
export const FilterSetResponse = Type.Object({ id: Type.Integer(), result: FilterSetItem });
export type FilterSetResponse = Static<typeof FilterSetResponse>;

export const FilterSetDeleteResponse = Type.Object({ id: Type.Integer(), message: Type.String() });
