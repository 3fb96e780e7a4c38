/**
 * The contract of `/api/v1/annotation_layer/` and its annotations `/api/v1/annotation_layer/{pk}/annotation/`
 * (Superset's AnnotationLayerRestApi and AnnotationRestApi, class permission `Annotation`). Write bodies
 * are checked field by field by the server, which answers Superset's 400 `{message: {field: [...]}}`.
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Columns, Nullable, UserRef } from './shared.ts';

const NullableString = Nullable(Type.String());

/** A layer as lists answer it (`GET /api/v1/annotation_layer/`). */
export const AnnotationLayerItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  descr: NullableString,
  created_on: Type.Optional(Type.String()),
  changed_on: Type.Optional(Type.String()),
  changed_on_delta_humanized: Type.Optional(Type.String()),
  created_by: Type.Optional(Nullable(UserRef)),
  changed_by: Type.Optional(Nullable(UserRef)),
});
export type AnnotationLayerItem = Static<typeof AnnotationLayerItem>;

export const AnnotationLayerListResponse = listResponse(Columns(AnnotationLayerItem));

/** `GET /api/v1/annotation_layer/{pk}`. */
export const AnnotationLayerItemResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Object({ id: Type.Integer(), name: Type.String(), descr: NullableString }),
});

/** What a create or an update of a layer or an annotation answers: the new id and the body as written. */
export const AnnotationWriteResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Record(Type.String(), Type.Unknown()),
});

/** POST and PUT bodies of a layer: `name` (1–250, required on create) and `descr`. */
export const AnnotationLayerWriteBody = Type.Unknown();
export interface AnnotationLayerWriteRequest {
  name?: string;
  descr?: string | null;
}

/** An annotation as lists answer it; times are ISO-8601 without a zone (UTC), as Superset writes them. */
export const AnnotationItem = Type.Object({
  id: Type.Integer(),
  short_descr: Type.String(),
  long_descr: NullableString,
  start_dttm: Type.String(),
  end_dttm: Type.String(),
  json_metadata: Type.Optional(NullableString),
  changed_on: Type.Optional(Type.String()),
  changed_on_delta_humanized: Type.Optional(Type.String()),
  created_by: Type.Optional(Nullable(UserRef)),
  changed_by: Type.Optional(Nullable(UserRef)),
  layer: Type.Optional(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type AnnotationItem = Static<typeof AnnotationItem>;

export const AnnotationListResponse = listResponse(Columns(AnnotationItem));

/** `GET /api/v1/annotation_layer/{pk}/annotation/{annotation_id}`. */
export const AnnotationItemResponse = Type.Object({
  id: Type.Integer(),
  result: Columns(AnnotationItem),
});

/** POST and PUT bodies of an annotation: short_descr, long_descr, start_dttm, end_dttm, json_metadata. */
export const AnnotationWriteBody = Type.Unknown();
export interface AnnotationWriteRequest {
  short_descr?: string;
  long_descr?: string | null;
  start_dttm?: string;
  end_dttm?: string;
  json_metadata?: string | null;
}

/** `/annotation_layer/{pk}/annotation/`: the layer's id. */
export const AnnotationLayerPkParams = Type.Object({ pk: Type.Integer() });
/** `/annotation_layer/{pk}/annotation/{annotation_id}`. */
export const AnnotationParams = Type.Object({ pk: Type.Integer(), annotation_id: Type.Integer() });
