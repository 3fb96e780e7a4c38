/**
 * Building blocks every resource's contract uses: the one error body, ids in paths, the small bodies
 * Superset's FAB API answers everywhere (`{message}`, `{result: "OK"}`, related/info/favourite lists).
 * Schemas here are values (the server validates and serialises with them); the web imports their
 * `Static<>` types only, so TypeBox never reaches the browser bundle.
 */
import { type Static, type TObject, type TPartial, type TSchema, Type } from 'typebox';

/** `T | null`: how the API answers a field that is not set. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A property with the objects in it made partial: a client may ask for `owners.id` alone. */
function partialRefs(schema: TSchema): TSchema {
  if (Type.IsObject(schema)) return Type.Partial(schema);
  if (Type.IsArray(schema) && Type.IsObject(schema.items)) {
    const { items, ...options } = schema;
    return Type.Array(Type.Partial(items), options);
  }
  if (Type.IsUnion(schema)) return Type.Union(schema.anyOf.map(partialRefs));
  return schema;
}

/**
 * An item as a response serialises it: `?q=(columns:…)` may ask for any subset of its columns,
 * dotted ones too (`owners.first_name`), so every field and every field of a ref is optional. The
 * item schema itself stays complete: it is what the default columns answer, and the client's type.
 */
export function Columns<T extends TObject>(item: T): TPartial<T> {
  return Type.Partial(WithPartialRefs(item)) as unknown as TPartial<T>;
}

/** An item whose refs the server may answer in part (a user without a name, say); its own fields are all there. */
export function WithPartialRefs<T extends TObject>(item: T): T {
  const properties = Object.fromEntries(
    Object.entries(item.properties).map(([name, schema]) => [name, partialRefs(schema)]),
  );
  return Type.Object(properties) as unknown as T;
}

/** One SIP-40 error: what a query or a check failed with, for the UI to explain. */
export const ErrorItem = Type.Object({
  message: Type.String(),
  error_type: Type.String(),
  level: Type.String(),
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ErrorItem = Static<typeof ErrorItem>;

/**
 * Every error of every route: FAB `{message}` (a text, or messages per field) or SIP-40 `{errors}`.
 * The server writes error bodies as its handler builds them (http/errorHandler.ts), so this schema
 * documents them; it is the only one a route may declare for a 4xx/5xx status.
 */
export const ErrorBody = Type.Union([
  Type.Object({
    message: Type.Union([Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))]),
  }),
  Type.Object({ errors: Type.Array(ErrorItem) }),
]);
export type ErrorBody = Static<typeof ErrorBody>;

type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 410 | 422 | 429 | 500 | 503;

/** The error responses of a route, for its schema: `response: { 200: …, ...errorResponses(401, 403) }`. */
export function errorResponses<Code extends ErrorStatus>(...codes: Code[]): Record<Code, typeof ErrorBody> {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as Record<Code, typeof ErrorBody>;
}

/** `{"message": "OK"}` and the other plain confirmations of deletes and actions. */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** `{"result": "OK"}`, as FAB answers a favourite added or removed. */
export const OkResultResponse = Type.Object({ result: Type.String() });

export const IdParams = Type.Object({ id: Type.Integer() });
/** A numeric id or a UUID in the path, as Superset's `/chart/{id_or_uuid}` accepts. */
export const IdOrUuidParams = Type.Object({ id: Type.String({ pattern: '^[0-9A-Za-z-]+$' }) });

/** `GET /api/v1/<resource>/related/<column>`: options of a related field, for pickers. */
export const RelatedParams = Type.Object({ field: Type.String() });
export const RelatedResponse = Type.Object({
  count: Type.Integer(),
  result: Type.Array(
    Type.Object({
      value: Type.Integer(),
      text: Type.String(),
      extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  ),
});
export type RelatedResponse = Static<typeof RelatedResponse>;

/** `GET /api/v1/<resource>/distinct/<column>`: the distinct values of a column, for filters. */
export const DistinctResponse = Type.Object({
  count: Type.Integer(),
  result: Type.Array(Type.Object({ text: Type.String(), value: Type.String() })),
});

/** `GET /api/v1/<resource>/_info`: FAB's permissions, filters and form descriptions. */
export const InfoResponse = Type.Object({
  permissions: Type.Optional(Type.Array(Type.String())),
  filters: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.Object({ name: Type.String(), operator: Type.String() }))),
  ),
  add_columns: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  edit_columns: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  add_title: Type.Optional(Type.String()),
  edit_title: Type.Optional(Type.String()),
});

/** `GET /api/v1/chart/favorite_status/?q=!(ids)` and the dashboard twin, one entry per id. */
export const FavoriteStatus = Type.Object({ id: Type.Integer(), value: Type.Boolean() });
export type FavoriteStatus = Static<typeof FavoriteStatus>;
export const FavoriteStatusResponse = Type.Object({ result: Type.Array(FavoriteStatus) });

/** A ZIP file answer (exports): documented as binary, sent as a stream. */
export const ZipFile = Type.String({ format: 'binary', description: 'A ZIP file' });

/** A user as lists and documents name one (owners, changed_by…). */
export const UserRef = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
});
export type UserRef = Static<typeof UserRef>;

/**
 * A tag on a chart, a dashboard, a saved query or a dataset; `type` is Superset's TagType number (1 for the
 * custom tags people make, the only kind Vitrina keeps).
 */
export const TagRef = Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.Integer() });
export type TagRef = Static<typeof TagRef>;
