import fastifyMultipart from '@fastify/multipart';
import { MAX_BEACON_BYTES } from '@vitrina/common';
import { ListQuerystring } from '@vitrina/common/api/list';
import {
  LogBeaconQuerystring,
  LogBeaconRequest,
  LogBeaconResponse,
  LogItemResponse,
  LogListResponse,
  RecentActivityQuerystring,
  RecentActivityResponse,
  SlowestQuerystring,
  SlowestResponse,
} from '@vitrina/common/api/log';
import { IdParams } from '@vitrina/common/api/shared';
import { GUEST_TOKEN_FORM_FIELD } from '@vitrina/common/embedded/guestTokenTransport';
import { thumbnailViewer } from '../../flows/thumbnails/settings.ts';
import { access } from '../../http/access.ts';
import { loggedGuest, loggedUserId } from '../../http/eventLog.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, RouteModule } from '../../http/types.ts';
import { beaconEntries } from './beacon.ts';
import { recentActivity, recentActivityArguments } from './recent.ts';
import { logList } from './repo.ts';
import * as service from './service.ts';

/**
 * The action log: the browser's event beacon (`POST /superset/log/`, can_log on Superset, every role
 * that can sign in), the administrators' reading of it (`/api/v1/log/`, can_read on Log, Admin only) and
 * each person's own recent activity (can_recent_activity on Log, every role that can sign in).
 */

const errors = errorResponses(400, 401, 403);

export const logRoutes: RouteModule = async (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Action log'];
  const canRead = { access: access.can('can_read', 'Log') };
  // What is queued is written before the app lets go of the metastore.
  app.addHook('onClose', async () => ctx.eventLog.close());

  await app.register(async (scope) => {
    // sendBeacon sends FormData: its fields become the body before authentication runs, so a guest
    // token in the form can be read as the header would be (http/beaconGuestToken.ts).
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 8, parts: 8, fieldSize: MAX_BEACON_BYTES },
    });
    const typed = scope as unknown as App;
    typed.post(
      '/superset/log/',
      {
        // A little over the events' own limit, for the form's boundaries and the other fields.
        bodyLimit: MAX_BEACON_BYTES + 64 * 1024,
        config: {
          access: access.can('can_log', 'Superset'),
          csrfExempt: true,
          guestTokenFormField: GUEST_TOKEN_FORM_FIELD,
        },
        schema: {
          tags,
          summary: 'Record browser events (the event beacon)',
          description:
            "Form field `events` (multipart or urlencoded; a JSON body may give the array itself) holds a JSON array of at most 1024 event objects; each becomes one action log row with action `log`. `dashboard_id` and `slice_id` in the query apply to every event, else each event's own. An embedded page adds the form field `guest_token`. Answers 200 with an empty body; a malformed batch is a 400 and nothing is written.",
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          querystring: LogBeaconQuerystring,
          body: LogBeaconRequest,
          response: { 200: LogBeaconResponse, ...errors },
        },
      },
      async (request, reply) => {
        const referrer = request.headers.referer;
        ctx.eventLog.record(
          beaconEntries(request.query, request.body, {
            userId: loggedUserId(request.principal),
            guest: loggedGuest(request.principal),
            referrer: typeof referrer === 'string' ? referrer : null,
          }),
        );
        return reply.code(200).send('');
      },
    );
  });

  app.get(
    '/api/v1/log/',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'List the action log',
        querystring: ListQuerystring,
        response: { 200: LogListResponse, ...errors },
      },
    },
    async (request) => service.listLogs(db, parseListArgument(request.query.q, logList)),
  );

  app.get(
    '/api/v1/log/recent_activity/',
    {
      config: { access: access.can('can_recent_activity', 'Log') },
      schema: {
        tags,
        summary: "The caller's recently opened (or changed) dashboards and charts",
        description: [
          "Only the caller's own log rows of the last 365 days, newest first, and only the dashboards and charts the caller may open now (deleted or untitled ones are left out).",
          '`actions` are browser event names (a `log` row whose event has that `event_name`) or logged actions (e.g. `ChartRestApi.put`); `mount_explorer` and `mount_dashboard` by default. `distinct` (default true) answers each item once per action, at its newest.',
          "`item_id`, `item_title_ru`, `viz_type` and `thumbnail_url` are Vitrina additions to Superset's answer.",
        ].join('\n\n'),
        querystring: RecentActivityQuerystring,
        response: { 200: RecentActivityResponse, ...errors },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const args = recentActivityArguments(request.query.q);
      return { result: await recentActivity(ctx, principal, args, thumbnailViewer(ctx, principal)) };
    },
  );

  app.get(
    '/api/v1/log/slowest/',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'The slowest charts and dashboards of the last days',
        description: [
          '`q=(days:7)`: 1 to 90 days, 7 by default. At most 25 of each, slowest average first.',
          'Charts: the `chart_data` rows of each chart (duration_ms = the server time of the whole chart data answer).',
          "Dashboards: per opening, the time until all charts had loaded. An opening is a browser `mount_dashboard` event; the `load_chart` events of the same page (impression_id) and dashboard that follow it, up to the next opening of that dashboard in that page, belong to it, the first of each chart only. Its time is the last of those events' `ts` minus the mount's start (its `ts` minus `mount_duration`), on the browser's clock; with no load_chart event, the mount_duration.",
          'The newest 50,000 rows of each kind in the period are read.',
        ].join('\n\n'),
        querystring: SlowestQuerystring,
        response: { 200: SlowestResponse, ...errors },
      },
    },
    async (request) => service.slowest(db, service.slowestDays(request.query.q)),
  );

  app.get(
    '/api/v1/log/:id',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'One action log entry',
        params: IdParams,
        response: { 200: LogItemResponse, ...errorResponses(404), ...errors },
      },
    },
    async (request) => ({ id: request.params.id, result: await service.getLog(db, request.params.id) }),
  );
};
