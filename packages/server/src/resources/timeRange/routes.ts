import { formatTimeRangeBound, parseTimeRange, shiftRange, TimeRangeError } from '@vitrina/common';
import { TimeRangeQuerystring, TimeRangeResponse } from '@vitrina/common/api/timeRange';
import { isRecord } from '@vitrina/common/isRecord';
import { access } from '../../http/access.ts';
import { BadRequestError } from '../../http/errors.ts';
import { decodeQ } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';

/**
 * `GET /api/v1/time_range/?q=<rison>` (Superset's Api.time_range, permission can_time_range on Api):
 * evaluates range strings to since/until. `q` is a range (`'Last week'`) or a list of
 * `(timeRange:…,shift:…)`; the answer is always a list, as current Superset answers (older releases
 * answered a single object for a string). Bounds are naive ISO in UTC, `""` when open.
 */

interface RangeRequest {
  timeRange: string;
  shift: string | null;
}

function rangeRequests(q: string | undefined): RangeRequest[] {
  const value = decodeQ(q);
  if (value === undefined) throw new BadRequestError('Not a valid rison argument');
  if (typeof value === 'string') return [{ timeRange: value, shift: null }];
  if (!Array.isArray(value)) throw new BadRequestError('Not a valid rison schema');
  return value.map((item: unknown) => {
    if (!isRecord(item)) throw new BadRequestError('Not a valid rison schema');
    const { timeRange, shift } = item;
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
        querystring: TimeRangeQuerystring,
        response: { 200: TimeRangeResponse, ...errorResponses(400, 401, 403) },
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
