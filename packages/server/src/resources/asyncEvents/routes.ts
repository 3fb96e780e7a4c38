import type { WebSocket } from '@fastify/websocket';
import { AsyncEventsQuery, AsyncEventsResponse } from '@vitrina/common/api/chartData';
import { ASYNC_EVENTS_PATH, ASYNC_EVENTS_WEBSOCKET_PATH } from '@vitrina/common/api/constants/asyncEvents';
import type { FastifyRequest } from 'fastify';
import { requestChannel } from '../../flows/chartData/asyncQueries.ts';
import { access } from '../../http/access.ts';
import { BadRequestError, ForbiddenError, NotAuthorizedError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AppContext, RouteModule } from '../../http/types.ts';
import { eventMessage, followChannel } from './liveEvents.ts';

const EVENT_ID = /^\d+-\d+$/;

/** The `last_id` a client resumes from: null for none; a 400 for anything but a stream id. */
function lastIdOf(query: { last_id?: string }): string | null {
  const lastId = query.last_id?.trim() || null;
  if (lastId !== null && !EVENT_ID.test(lastId)) {
    throw new BadRequestError('last_id: expected a stream id such as "1607477697866-0"');
  }
  return lastId;
}

/** How often an open websocket is pinged; one that has not answered the previous ping is dropped. */
export const WEBSOCKET_PING_MS = 30_000;

/**
 * A browser opens websockets to any site with that site's cookies, so the handshake must come from a
 * page of this app: its Origin (sent by every browser) names the host it reached, or the public URL's.
 */
function sameOrigin(ctx: AppContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host === request.headers.host) return true;
  return ctx.config.publicUrl !== null && host === new URL(ctx.config.publicUrl).host;
}

/** Keeps a websocket alive through proxies, and drops a peer that went away without closing. */
function keepAlive(socket: WebSocket): () => void {
  let answered = true;
  socket.on('pong', () => {
    answered = true;
  });
  const timer = setInterval(() => {
    if (!answered) {
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, WEBSOCKET_PING_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * `GET /api/v1/async_event/?last_id=` (Superset's AsyncEventsRestApi, can_list): the events of the
 * caller's channel after `last_id` (all kept ones without it), at most 100, oldest first, each with its
 * stream id — the outcome of the async chart data jobs this session started.
 */
export const asyncEventRoutes: RouteModule = (app, ctx) => {
  app.get(
    ASYNC_EVENTS_PATH,
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
      const lastId = lastIdOf(request.query);
      const events = await ctx.platform.events.read(requestChannel(ctx, request, principal), lastId);
      return {
        result: events.map(eventMessage),
      };
    },
  );
};

/**
 * `GET /api/v1/async_event/ws?last_id=` (upgraded to a websocket; VITRINA_ASYNC_TRANSPORT=ws): the same
 * channel's events as the polling endpoint, pushed as they are published, one JSON message each, after
 * those kept since `last_id`. The handshake is checked like any request (session, can_list, a valid
 * last_id, this app's origin) and refused with its HTTP error before anything is upgraded.
 */
export const asyncEventWebsocketRoutes: RouteModule = (app, ctx) => {
  if (ctx.config.asyncQueries.transport !== 'ws') return;
  app.get(
    ASYNC_EVENTS_WEBSOCKET_PATH,
    {
      websocket: true,
      config: { access: access.can('can_list', 'AsyncEventsRestApi') },
      schema: {
        tags: ['Async events'],
        summary: "The caller's async query events, pushed over a websocket",
        querystring: AsyncEventsQuery,
      },
      preHandler: async (request) => {
        if (!request.principal) throw new NotAuthorizedError();
        if (!sameOrigin(ctx, request)) throw new ForbiddenError('The websocket must be opened by this app');
        lastIdOf(request.query);
      },
    },
    async (socket, request) => {
      const principal = request.principal;
      if (!principal) {
        socket.close(1008, 'Not authorized');
        return;
      }
      let closed = false;
      let stop: (() => Promise<void>) | undefined;
      const stopPinging = keepAlive(socket);
      ctx.metrics.eventStreamClients.inc();
      socket.on('close', () => {
        ctx.metrics.eventStreamClients.dec();
        closed = true;
        stopPinging();
        void stop?.();
      });
      // Clients only listen: whatever they send is ignored.
      const channel = requestChannel(ctx, request, principal);
      try {
        stop = await followChannel(ctx.platform.events, channel, lastIdOf(request.query), (message) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(eventMessage(message)));
        });
      } catch (error) {
        request.log.error({ err: error }, 'async event websocket failed');
        socket.close(1011, 'Events unavailable');
        return;
      }
      if (closed) await stop();
    },
  );
};
