/** The contract of row-level security filters: `/api/v1/rowlevelsecurity/` (Superset's RLSRestApi). */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Columns, Nullable, type RelatedResponse, UserRef } from './shared.ts';

export type { RlsFilterType } from './constants/rowLevelSecurity.ts';

const NullableString = Nullable(Type.String());

/** A dataset a filter applies to, as the API names it. */
export const RlsTableRef = Type.Object({
  id: Type.Integer(),
  schema: NullableString,
  table_name: Type.String(),
});
export type RlsTableRef = Static<typeof RlsTableRef>;

const RlsRoleRef = Type.Object({ id: Type.Integer(), name: Type.String() });

const filterProperties = {
  id: Type.Integer(),
  name: Type.String(),
  description: NullableString,
  filter_type: Type.Union([Type.Literal('Regular'), Type.Literal('Base')]),
  tables: Type.Array(RlsTableRef),
  roles: Type.Array(RlsRoleRef),
  group_key: NullableString,
  clause: Type.String(),
};

/** A filter as lists answer it (`GET /api/v1/rowlevelsecurity/`), with when and by whom it changed. */
export const RowLevelSecurityFilter = Type.Object({
  ...filterProperties,
  changed_on: Type.Optional(Type.String()),
  changed_on_delta_humanized: Type.Optional(Type.String()),
  changed_by: Type.Optional(Nullable(UserRef)),
});
export type RowLevelSecurityFilter = Static<typeof RowLevelSecurityFilter>;

export const RowLevelSecurityListResponse = listResponse(Columns(RowLevelSecurityFilter));

/** `GET /api/v1/rowlevelsecurity/{id}`, and what a create or an update answers. */
export const RowLevelSecurityItemResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Object(filterProperties),
});

/**
 * `POST /api/v1/rowlevelsecurity/` body (tables and roles are ids); `PUT` takes any subset. Every field
 * is optional here: the server checks what a create requires, so a missing or invalid field is a 422
 * naming it.
 */
export const RowLevelSecurityWriteRequest = Type.Partial(
  Type.Object({
    name: Type.String({ maxLength: 1024 }),
    description: NullableString,
    filter_type: Type.String({ description: "'Regular' or 'Base'" }),
    tables: Type.Array(Type.Integer(), { description: 'Dataset ids the filter applies to' }),
    roles: Type.Array(Type.Integer(), {
      description: 'Role ids: Regular filters apply to them, Base filters to everyone else',
    }),
    group_key: Nullable(Type.String({ maxLength: 255 })),
    clause: Type.String({ description: 'The condition added to the WHERE clause' }),
  }),
  { additionalProperties: false },
);
export type RowLevelSecurityWriteRequest = Static<typeof RowLevelSecurityWriteRequest>;

/** One option of `GET /api/v1/rowlevelsecurity/related/{tables|roles}`. */
export type RlsRelatedOption = RelatedResponse['result'][number];
