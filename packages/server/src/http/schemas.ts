import { Type } from 'typebox';

/** Error bodies as http/errors.ts produces them: FAB `{message}` (text or per-field) or SIP-40 `{errors}`. */
export const ErrorBodySchema = Type.Union([
  Type.Object({
    message: Type.Union([Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))]),
  }),
  Type.Object({
    errors: Type.Array(
      Type.Object({
        message: Type.String(),
        error_type: Type.String(),
        level: Type.String(),
        extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      }),
    ),
  }),
]);

/** The error responses of a route, for its schema: `response: { 200: …, ...errorResponses(401, 403) }`. */
export function errorResponses<Code extends 400 | 401 | 403 | 404 | 408 | 409 | 410 | 422 | 429 | 500>(
  ...codes: Code[]
): Record<Code, typeof ErrorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema])) as Record<
    Code,
    typeof ErrorBodySchema
  >;
}
