import {
  DashboardChartsResponse,
  DashboardCreateRequest,
  DashboardCreateResponse,
  DashboardDatasetsResponse,
  DashboardFavoriteParams,
  DashboardIdOrSlugParams,
  DashboardListResponse,
  DashboardShowResponse,
} from '@vitrina/common/api/dashboard';
import { ListQuerystring } from '@vitrina/common/api/list';
import {
  FavoriteStatusResponse,
  InfoResponse,
  OkResultResponse,
  RelatedParams,
  RelatedResponse,
} from '@vitrina/common/api/shared';
import { thumbnailViewer } from '../../flows/thumbnails/settings.ts';
import { access } from '../../http/access.ts';
import { NotFoundError } from '../../http/errors.ts';
import { changeEntry } from '../../http/eventLog.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import {
  booleansAsNumbers,
  idsArgument,
  infoArguments,
  relatedArguments,
} from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { infoResponse } from '../charts/info.ts';
import { relatedOptions } from '../datasets/reads.ts';
import { rbacEnabled, visibleDashboard } from './access.ts';
import { createDashboard } from './create.ts';
import { dashboardDatasets } from './datasets.ts';
import { DASHBOARDS_LIST_SPEC, dashboardsList, ID_BOOLEAN_OPERATORS } from './list.ts';
import { presentDashboard, presentDashboardCharts } from './presenter.ts';
import { dashboardFavoriteStatus, listDashboards, relatedRoles, starDashboard } from './reads.ts';
import { dashboardTransferRoutes } from './transferRoutes.ts';
import { dashboardWriteRoutes } from './writeRoutes.ts';

/**
 * `/api/v1/dashboard/` (Superset's DashboardRestApi, class permission `Dashboard`): the reads — the
 * list, one dashboard with its charts and datasets, related users and roles — creating one and stars;
 * changes, copies, deletes and transfers are in writeRoutes.ts.
 */

const errors = errorResponses(400, 401, 403, 404, 422);
const RELATED_FIELDS = new Set(['owners', 'created_by', 'changed_by']);

const INFO_FIELDS = [
  { name: 'dashboard_title', label: 'Title', description: '', required: false, type: 'String' },
  { name: 'dashboard_title_ru', label: 'Title (Russian)', description: '', required: false, type: 'String' },
  { name: 'slug', label: 'Slug', description: '', required: false, type: 'String' },
];

export const dashboardRoutes: RouteModule = async (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Dashboards'];
  const canRead = { access: access.can('can_read', 'Dashboard') };
  const canWrite = { access: access.can('can_write', 'Dashboard') };

  app.get(
    '/api/v1/dashboard/',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'Dashboards the caller may see, filtered, ordered and paged by a rison q',
        querystring: ListQuerystring,
        response: { 200: DashboardListResponse, ...errors },
      },
    },
    async (request) => {
      const q = booleansAsNumbers(request.query.q, ID_BOOLEAN_OPERATORS);
      const principal = request.principal!;
      return listDashboards(
        db,
        principal,
        parseListArgument(q, dashboardsList(principal.id)),
        rbacEnabled(ctx),
        thumbnailViewer(ctx, principal),
      );
    },
  );

  app.get(
    '/api/v1/dashboard/_info',
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: InfoResponse, ...errors } },
    },
    async (request) =>
      infoResponse(
        request.principal!,
        {
          view: 'Dashboard',
          spec: DASHBOARDS_LIST_SPEC,
          fields: INFO_FIELDS,
          addTitle: 'Add Dashboard',
          editTitle: 'Edit Dashboard',
        },
        infoArguments(request.query.q),
      ),
  );

  app.get(
    '/api/v1/dashboard/related/:field',
    {
      config: canRead,
      schema: {
        tags,
        params: RelatedParams,
        querystring: ListQuerystring,
        response: { 200: RelatedResponse, ...errors },
      },
    },
    async (request) => {
      const field = request.params.field;
      if (field === 'roles') return relatedRoles(db, relatedArguments(request.query.q));
      if (!RELATED_FIELDS.has(field)) throw new NotFoundError();
      return relatedOptions(db, request.principal!, field, relatedArguments(request.query.q));
    },
  );

  app.get(
    '/api/v1/dashboard/favorite_status/',
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: FavoriteStatusResponse, ...errors } },
    },
    async (request) => ({
      result: await dashboardFavoriteStatus(
        db,
        request.principal!,
        idsArgument(request.query.q),
        rbacEnabled(ctx),
      ),
    }),
  );

  app.get(
    '/api/v1/dashboard/:id_or_slug',
    {
      config: canRead,
      schema: {
        tags,
        params: DashboardIdOrSlugParams,
        response: { 200: DashboardShowResponse, ...errors },
      },
    },
    async (request) => {
      const dashboard = await visibleDashboard(
        db,
        request.principal!,
        request.params.id_or_slug,
        rbacEnabled(ctx),
      );
      return { result: await presentDashboard(db, dashboard, thumbnailViewer(ctx, request.principal!)) };
    },
  );

  app.get(
    '/api/v1/dashboard/:id_or_slug/charts',
    {
      config: canRead,
      schema: {
        tags,
        params: DashboardIdOrSlugParams,
        response: { 200: DashboardChartsResponse, ...errors },
      },
    },
    async (request) => {
      const dashboard = await visibleDashboard(
        db,
        request.principal!,
        request.params.id_or_slug,
        rbacEnabled(ctx),
      );
      return { result: await presentDashboardCharts(db, dashboard.id) };
    },
  );

  app.get(
    '/api/v1/dashboard/:id_or_slug/datasets',
    {
      config: canRead,
      schema: {
        tags,
        summary: "The datasets behind the dashboard's charts, with their columns and metrics",
        params: DashboardIdOrSlugParams,
        response: { 200: DashboardDatasetsResponse, ...errors },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const dashboard = await visibleDashboard(db, principal, request.params.id_or_slug, rbacEnabled(ctx));
      return { result: await dashboardDatasets(db, principal, dashboard.id) };
    },
  );

  app.post(
    '/api/v1/dashboard/',
    {
      config: canWrite,
      schema: { tags, body: DashboardCreateRequest, response: { 201: DashboardCreateResponse, ...errors } },
    },
    async (request, reply) => {
      const created = await createDashboard(ctx, request.principal!, request.body);
      ctx.eventLog.record(
        changeEntry(request, 'DashboardRestApi.post', { dashboardId: created.id }, reply.elapsedTime),
      );
      return reply.code(201).send(created);
    },
  );

  for (const [method, starred] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/v1/dashboard/:id_or_slug/favorites/',
      config: canRead,
      schema: {
        tags,
        params: DashboardFavoriteParams,
        response: { 200: OkResultResponse, ...errors },
      },
      handler: async (request) => {
        await starDashboard(
          db,
          request.principal!,
          (request.params as { id_or_slug: number }).id_or_slug,
          starred,
          rbacEnabled(ctx),
        );
        return { result: 'OK' };
      },
    });
  }

  await dashboardWriteRoutes(app, ctx);
  await dashboardTransferRoutes(app, ctx);
};
