import { Type } from 'typebox';
import { NotAuthorizedError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { Principal } from '../../security/principal.ts';

/** Schemas and helpers the chart data routes share (chart data, explore_json). */

export const Entry = Type.Record(Type.String(), Type.Unknown());
export const DataResponse = Type.Object({ result: Type.Array(Entry) });

/** The 202 answer of an async (GLOBAL_ASYNC_QUERIES) request. */
export const AsyncJobSchema = Type.Object({
  channel_id: Type.String(),
  job_id: Type.String(),
  user_id: Type.Integer(),
  status: Type.String(),
  errors: Type.Array(Type.Unknown()),
  result_url: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Failures carry `message`, the legacy `error`, and for query failures SIP-40 `errors`
 * (chartData/errors.ts): all within the one error shape, which lets fields sit beside `message`.
 */
export const errors = errorResponses(400, 401, 403, 404, 422);

/** Legacy views answer `{"error": …}` (with `message` beside it) for every failure. */
export const legacyErrors = errors;

export const QueryContextBody = Type.Object(
  {
    datasource: Type.Optional(Type.Unknown()),
    queries: Type.Optional(Type.Unknown()),
    form_data: Type.Optional(
      Type.Unknown({ description: 'The explore form data, or (form post) the query context as JSON text' }),
    ),
    result_type: Type.Optional(Type.Unknown()),
    result_format: Type.Optional(Type.Unknown()),
    force: Type.Optional(Type.Unknown()),
    custom_cache_timeout: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true, description: 'A query context (reference/superset-api.md §3.1)' },
);

export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new NotAuthorizedError();
  return request.principal;
}
