import {
  decodeRison,
  formatTimeRangeBound,
  parseTimeRange,
  shiftRange,
  TimeRangeError,
} from '@vitrina/common';
import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { BadRequestError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';

/**
 * `GET /api/v1/time_range/?q=<rison>` (Superset's Api.time_range, permission can_time_range on Api):
 * evaluates range strings to since/until. `q` is a range (`'Last week'`) or a list of
 * `(timeRange:…,shift:…)`; the answer is always a list, as current Superset answers (older releases
 * answered a single object for a string). Bounds are naive ISO in UTC, `""` when open.
 */

const RangeResult = Type.Object({
  since: Type.String(),
  until: Type.String(),
  timeRange: Type.String(),
  shift: Type.Union([Type.String(), Type.Null()]),
});

interface RangeRequest {
  timeRange: string;
  shift: string | null;
}

function rangeRequests(q: string | undefined): RangeRequest[] {
  if (q === undefined) throw new BadRequestError('Not a valid rison argument');
  let value: unknown;
  try {
    value = decodeRison(q);
  } catch {
    throw new BadRequestError('Not a valid rison argument');
  }
  if (typeof value === 'string') return [{ timeRange: value, shift: null }];
  if (!Array.isArray(value)) throw new BadRequestError('Not a valid rison schema');
  return value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new BadRequestError('Not a valid rison schema');
    const { timeRange, shift } = item as Record<string, unknown>;
    if (typeof timeRange !== 'string' || (shift !== undefined && shift !== null && typeof shift !== 'string'))
      throw new BadRequestError('Not a valid rison schema');
    return { timeRange, shift: shift ?? null };
  });
}

export const timeRangeRoutes: RouteModule = (app) => {
  app.get(
    '/api/v1/time_range/',
    {
      config: { access: access.can('can_time_range', 'Api') },
      schema: {
        tags: ['Explore'],
        summary: 'Evaluate time range strings to since/until',
        querystring: Type.Object({
          q: Type.Optional(
            Type.String({
              description: "Rison: 'Last week' or !((timeRange:'Last week',shift:'1 year ago'))",
            }),
          ),
        }),
        response: { 200: Type.Object({ result: Type.Array(RangeResult) }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const now = new Date();
      const result = rangeRequests(request.query.q).map(({ timeRange, shift }) => {
        try {
          let bounds = parseTimeRange(timeRange, { now });
          if (shift !== null && shift.trim() !== '') bounds = shiftRange(bounds, shift, { now });
          return {
            since: bounds.since ? formatTimeRangeBound(bounds.since) : '',
            until: bounds.until ? formatTimeRangeBound(bounds.until) : '',
            timeRange,
            shift,
          };
        } catch (error) {
          if (error instanceof TimeRangeError)
            throw new BadRequestError(`Unexpected time range: ${error.message}`);
          throw error;
        }
      });
      return { result };
    },
  );
};
