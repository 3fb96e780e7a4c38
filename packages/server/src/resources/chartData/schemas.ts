import { NotAuthorizedError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { Principal } from '../../security/principal.ts';

/** Helpers the chart data routes share (chart data, explore_json); their schemas are in common/src/api/chartData.ts. */

/**
 * Failures carry `message`, the legacy `error`, and for query failures SIP-40 `errors`
 * (chartData/errors.ts): all within the one error shape, which lets fields sit beside `message`.
 */
export const errors = errorResponses(400, 401, 403, 404, 422);

/** Legacy views answer `{"error": …}` (with `message` beside it) for every failure. */
export const legacyErrors = errors;

export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new NotAuthorizedError();
  return request.principal;
}
