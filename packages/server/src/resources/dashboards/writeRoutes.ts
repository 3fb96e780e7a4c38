import {
  DashboardCopyRequest,
  DashboardCopyResponse,
  DashboardFiltersRequest,
  DashboardFiltersResponse,
  DashboardIdOrSlugParams,
  DashboardPropertiesBody,
  DashboardPutResponse,
} from '@vitrina/common/api/dashboard';
import { ListQuerystring } from '@vitrina/common/api/list';
import { IdParams, MessageResponse } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { changeEntry } from '../../http/eventLog.ts';
import { idsArgument } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppContext } from '../../http/types.ts';
import { rbacEnabled } from './access.ts';
import { copyDashboard } from './copy.ts';
import { deleteDashboards } from './delete.ts';
import { updateNativeFilters } from './nativeFilters.ts';
import { updateDashboard } from './update.ts';

/**
 * The changes of `/api/v1/dashboard/`: saving (PUT), copying and deleting. Every route needs
 * can_write on Dashboard; the use cases check the caller owns the dashboard (or is an admin).
 */

const errors = errorResponses(400, 401, 403, 404, 422);

export async function dashboardWriteRoutes(app: App, ctx: AppContext): Promise<void> {
  const db = ctx.metastore.db;
  const tags = ['Dashboards'];
  const canWrite = { access: access.can('can_write', 'Dashboard') };

  app.put(
    '/api/v1/dashboard/:id',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Save a dashboard: published alone, its properties, or json_metadata alone',
        params: IdParams,
        body: DashboardPropertiesBody,
        // A stale save's 409 carries `changed_on` and `diff` beside `message` (DashboardOverwriteConflict).
        response: { 200: DashboardPutResponse, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const saved = await updateDashboard(ctx, request.principal!, request.params.id, request.body);
      ctx.eventLog.record(
        changeEntry(request, 'DashboardRestApi.put', { dashboardId: request.params.id }, reply.elapsedTime),
      );
      return saved;
    },
  );

  app.put(
    '/api/v1/dashboard/:id/filters',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Change native filters: {modified, deleted, reordered}; answers the new configuration',
        params: IdParams,
        body: DashboardFiltersRequest,
        response: { 200: DashboardFiltersResponse, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const filters = await updateNativeFilters(ctx, request.principal!, request.params.id, request.body);
      ctx.eventLog.record(
        changeEntry(
          request,
          'DashboardRestApi.put_filters',
          { dashboardId: request.params.id },
          reply.elapsedTime,
        ),
      );
      return filters;
    },
  );

  app.post(
    '/api/v1/dashboard/:id_or_slug/copy/',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Copy a dashboard, optionally with copies of its charts',
        params: DashboardIdOrSlugParams,
        body: DashboardCopyRequest,
        response: { 200: DashboardCopyResponse, ...errors },
      },
    },
    async (request, reply) => {
      const copy = await copyDashboard(ctx, request.principal!, request.params.id_or_slug, request.body);
      ctx.eventLog.record(
        changeEntry(
          request,
          'DashboardRestApi.copy_dash',
          { dashboardId: copy.result.id },
          reply.elapsedTime,
        ),
      );
      return copy;
    },
  );

  app.delete(
    '/api/v1/dashboard/:id',
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await deleteDashboards(db, request.principal!, [request.params.id], rbacEnabled(ctx));
      return { message: 'OK' };
    },
  );

  app.delete(
    '/api/v1/dashboard/',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Delete dashboards by id, ?q=!(1,2): all of them or none',
        querystring: ListQuerystring,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const ids = idsArgument(request.query.q);
      const count = await deleteDashboards(db, request.principal!, ids, rbacEnabled(ctx));
      return { message: count === 1 ? 'Deleted 1 dashboard' : `Deleted ${count} dashboards` };
    },
  );
}
