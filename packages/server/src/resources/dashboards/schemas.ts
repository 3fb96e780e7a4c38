import { Type } from 'typebox';

/** JSON schemas of the dashboards API (reference §4): reads, saves, copies and deletes. */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const NullableString = Nullable(Type.String());

const UserRef = Type.Partial(
  Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() }),
);
const RoleRef = Type.Partial(Type.Object({ id: Type.Integer(), name: Type.String() }));
const TagRef = Type.Partial(Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String() }));

export const DashboardListItem = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    dashboard_title: Type.String(),
    dashboard_title_ru: NullableString,
    slug: NullableString,
    url: Type.String(),
    published: Type.Boolean(),
    status: Type.String(),
    certified_by: NullableString,
    certification_details: NullableString,
    thumbnail_url: NullableString,
    is_managed_externally: Type.Boolean(),
    changed_by: Nullable(UserRef),
    changed_by_name: Type.String(),
    changed_on_utc: Type.String(),
    changed_on_delta_humanized: Type.String(),
    created_by: Nullable(UserRef),
    created_on_delta_humanized: Type.String(),
    owners: Type.Array(UserRef),
    roles: Type.Array(RoleRef),
    tags: Type.Array(TagRef),
  }),
);

export const DashboardSchema = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  slug: NullableString,
  url: Type.String(),
  dashboard_title: Type.String(),
  dashboard_title_ru: NullableString,
  thumbnail_url: NullableString,
  published: Type.Boolean(),
  css: NullableString,
  json_metadata: NullableString,
  position_json: NullableString,
  certified_by: NullableString,
  certification_details: NullableString,
  changed_by_name: Type.String(),
  changed_by: Nullable(UserRef),
  changed_on: Type.String(),
  changed_on_delta_humanized: Type.String(),
  created_by: Nullable(UserRef),
  created_on_delta_humanized: Type.String(),
  charts: Type.Array(Type.String()),
  owners: Type.Array(UserRef),
  roles: Type.Array(RoleRef),
  tags: Type.Array(TagRef),
  is_managed_externally: Type.Boolean(),
});

export const DashboardChart = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  slice_name: Type.String(),
  slice_name_ru: NullableString,
  viz_type: Type.String(),
  cache_timeout: Nullable(Type.Integer()),
  changed_on: Type.String(),
  description: NullableString,
  form_data: Type.Record(Type.String(), Type.Unknown()),
  slice_url: Type.String(),
  certified_by: NullableString,
  certification_details: NullableString,
});

const writeFields = {
  dashboard_title: NullableString,
  dashboard_title_ru: NullableString,
  slug: NullableString,
  owners: Type.Array(Type.Integer(), { description: 'User ids' }),
  roles: Type.Array(Type.Integer(), { description: 'Role ids' }),
  position_json: NullableString,
  json_metadata: NullableString,
  css: NullableString,
  published: Nullable(Type.Boolean()),
  certified_by: NullableString,
  certification_details: NullableString,
  is_managed_externally: Nullable(Type.Boolean()),
  external_url: NullableString,
};

export const CreateBody = Type.Partial(Type.Object(writeFields), { additionalProperties: false });
export const CreateResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Partial(Type.Object(writeFields)),
});

export const IdOrSlugParams = Type.Object({ id_or_slug: Type.String({ minLength: 1, maxLength: 255 }) });
export const IdParams = Type.Object({ id: Type.Integer() });

export const FavoriteStatusResponse = Type.Object({
  result: Type.Array(Type.Object({ id: Type.Integer(), value: Type.Boolean() })),
});
export const OkResult = Type.Object({ result: Type.String() });

/** A dataset of `/datasets`: explore's dataset payload (columns, metrics, verbose map, time grains…). */
export const DashboardDataset = Type.Record(Type.String(), Type.Unknown());

export const UpdateBody = Type.Partial(
  Type.Object({
    ...writeFields,
    changed_on: Type.String({
      description: 'The changed_on the client loaded; a later save makes this one stale',
    }),
  }),
  { additionalProperties: false },
);
export const UpdateResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Partial(Type.Object(writeFields)),
  last_modified_time: Type.Number({ description: 'Epoch seconds' }),
});

export const CopyBody = Type.Object(
  {
    dashboard_title: Type.Optional(NullableString),
    dashboard_title_ru: Type.Optional(NullableString),
    css: Type.Optional(NullableString),
    json_metadata: Type.String(),
    duplicate_slices: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const CopyResponse = Type.Object({
  result: Type.Object({ id: Type.Integer(), last_modified_time: Type.Number() }),
});

export const Message = Type.Object({ message: Type.String() });
