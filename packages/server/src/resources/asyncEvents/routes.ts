import { AsyncEventsQuery, AsyncEventsResponse } from '@vitrina/common/api/chartData';
import { requestChannel } from '../../flows/chartData/asyncQueries.ts';
import { access } from '../../http/access.ts';
import { BadRequestError, NotAuthorizedError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';

/**
 * `GET /api/v1/async_event/?last_id=` (Superset's AsyncEventsRestApi, can_list): the events of the
 * caller's channel after `last_id` (all kept ones without it), at most 100, oldest first, each with its
 * stream id — the outcome of the async chart data jobs this session started.
 */
const EVENT_ID = /^\d+-\d+$/;

export const asyncEventRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/v1/async_event/',
    {
      config: { access: access.can('can_list', 'AsyncEventsRestApi') },
      schema: {
        tags: ['Async events'],
        summary: "The caller's async query events after last_id",
        querystring: AsyncEventsQuery,
        response: { 200: AsyncEventsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw new NotAuthorizedError();
      const lastId = request.query.last_id?.trim() || null;
      if (lastId !== null && !EVENT_ID.test(lastId)) {
        throw new BadRequestError('last_id: expected a stream id such as "1607477697866-0"');
      }
      const events = await ctx.platform.events.read(requestChannel(ctx, request, principal), lastId);
      return {
        result: events.map((message) => ({
          id: message.id,
          ...(message.event as Record<string, unknown>),
        })),
      };
    },
  );
};
