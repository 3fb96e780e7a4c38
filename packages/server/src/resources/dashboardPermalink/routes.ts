import { PermalinkCreated, PermalinkKeyParams } from '@vitrina/common/api/chart';
import { DashboardIdOrSlugParams as IdOrSlugParams } from '@vitrina/common/api/dashboard';
import {
  DashboardPermalinkRequest,
  DashboardPermalinkResponse,
} from '@vitrina/common/api/dashboardPermalink';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { rbacEnabled } from '../dashboards/access.ts';
import { createDashboardPermalink, getDashboardPermalink, permalinkPath } from './service.ts';

/**
 * `POST /api/v1/dashboard/{id_or_slug}/permalink` and `GET /api/v1/dashboard/permalink/{key}`
 * (Superset's DashboardPermalinkRestApi). The link opens `/superset/dashboard/p/{key}/`, a page of
 * the web app, which reads the state back and opens the dashboard with it.
 */

const errors = errorResponses(400, 401, 403, 404, 422);

export const dashboardPermalinkRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Dashboard permalinks'];

  app.post(
    '/api/v1/dashboard/:id_or_slug/permalink',
    {
      config: { access: access.can('can_write', 'DashboardPermalinkRestApi') },
      schema: {
        tags,
        summary: "Store a dashboard's filters, active tabs and anchor under a new permanent key",
        params: IdOrSlugParams,
        body: DashboardPermalinkRequest,
        response: { 201: PermalinkCreated, ...errors },
      },
    },
    async (request, reply) => {
      const key = await createDashboardPermalink(
        db,
        request.principal!,
        request.params.id_or_slug,
        request.body,
        rbacEnabled(ctx),
      );
      const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
      return reply.code(201).send({ key, url: `${origin}${permalinkPath(key)}` });
    },
  );

  app.get(
    '/api/v1/dashboard/permalink/:key',
    {
      config: { access: access.can('can_read', 'DashboardPermalinkRestApi') },
      schema: {
        tags,
        summary: 'The dashboard and state stored under a permalink key',
        params: PermalinkKeyParams,
        response: { 200: DashboardPermalinkResponse, ...errors },
      },
    },
    async (request) => getDashboardPermalink(db, request.principal!, request.params.key, rbacEnabled(ctx)),
  );
};
