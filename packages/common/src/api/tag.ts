/**
 * The contract of `/api/v1/tag/` (Superset's TagRestApi, class permission `Tag`): tags, the objects they
 * are on (dashboards, charts, saved queries, datasets) and the calls that tag and untag one object. Write
 * bodies are checked field by field by the server, which answers Superset's 400 `{message: {field: [...]}}`.
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Columns, Nullable, TagRef, UserRef } from './shared.ts';

const NullableString = Nullable(Type.String());

/** A tag as lists and `GET /api/v1/tag/{id}` answer it; `type` is Superset's TagType number. */
export const TagItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Integer(),
  description: NullableString,
  /** The list's timestamp of the last change (one tag's answer has only the humanized text). */
  changed_on: Type.Optional(Type.String()),
  changed_on_delta_humanized: Type.String(),
  created_on_delta_humanized: Type.String(),
  changed_by: Nullable(UserRef),
  created_by: Nullable(UserRef),
});
export type TagItem = Static<typeof TagItem>;

export const TagListResponse = listResponse(Columns(TagItem));

export const TagItemResponse = Type.Object({ id: Type.Integer(), result: Columns(TagItem) });

/** POST and PUT bodies of a tag: `name`, `description`, `objects_to_tag` ([type name, id] pairs). */
export const TagWriteBody = Type.Unknown();
export interface TagWriteRequest {
  name: string;
  description?: string | null;
  objects_to_tag?: Array<[string, number]>;
}

/** `POST /api/v1/tag/bulk_create`: several tags, each with objects to add it to. */
export const TagBulkCreateBody = Type.Unknown();
export interface TagBulkCreateRequest {
  tags: TagWriteRequest[];
}

/** What a create answers (Superset answers an empty 201) and an update (the body as written). */
export const TagWriteResponse = Type.Object({
  id: Type.Optional(Type.Integer()),
  result: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const TagBulkCreateResponse = Type.Object({
  result: Type.Object({
    objects_tagged: Type.Array(Type.Tuple([Type.String(), Type.Integer()])),
    objects_skipped: Type.Array(Type.Tuple([Type.String(), Type.Integer()])),
  }),
});

/** `POST /api/v1/tag/{object_type}/{object_id}/` body: the names to put on the object. */
export const TagObjectBody = Type.Unknown();
/** What a tagging call answers: Superset's empty 201. */
export const TagObjectResponse = Type.Object({});

export interface TagObjectRequest {
  properties: { tags: string[] };
}

/** `/api/v1/tag/{object_type}/{object_id}/`: the type by Superset's number (2) or name (chart). */
export const TaggedObjectParams = Type.Object({
  object_type: Type.String(),
  object_id: Type.Integer({ minimum: 0 }),
});
export const TaggedObjectTagParams = Type.Object({
  object_type: Type.String(),
  object_id: Type.Integer({ minimum: 0 }),
  tag: Type.String(),
});

/** `GET /api/v1/tag/get_objects/`: comma-separated tag ids (they win), tag names and object types. */
export const TaggedObjectsQuerystring = Type.Object({
  tagIds: Type.Optional(Type.String()),
  tags: Type.Optional(Type.String()),
  types: Type.Optional(Type.String()),
});

/** One object carrying the tags asked for; `type` is Superset's name (`query` for a saved query). */
export const TaggedObject = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  /** The Russian name of a dashboard or a chart, when it has one. */
  name_ru: Nullable(Type.String()),
  url: Type.String(),
  changed_on: NullableString,
  created_by: Nullable(Type.Integer()),
  creator: NullableString,
  tags: Type.Array(TagRef),
  owners: Type.Array(
    Type.Object({
      id: Type.Integer(),
      username: Type.Optional(Type.String()),
      first_name: Type.String(),
      last_name: Type.String(),
    }),
  ),
});
export type TaggedObject = Static<typeof TaggedObject>;

export const TaggedObjectsResponse = Type.Object({ result: Type.Array(TaggedObject) });
export type TaggedObjectsResponse = Static<typeof TaggedObjectsResponse>;
