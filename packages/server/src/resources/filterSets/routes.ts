import {
  FilterSetDashboardParams,
  FilterSetDeleteResponse,
  FilterSetListResponse,
  FilterSetParams,
  FilterSetRequest,
  FilterSetResponse,
} from '@vitrina/common/api/filterSet';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { rbacEnabled } from '../dashboards/access.ts';
import {
  createFilterSet,
  dashboardOf,
  deleteFilterSet,
  listDashboardFilterSets,
  updateFilterSet,
} from './service.ts';

/**
 * `/api/v1/dashboard/{id}/filtersets` (Superset's FilterSetRestApi, class permission `Dashboard`):
 * reading needs can_read on Dashboard, changes can_write; service.ts checks ownership.
 */

const errors = errorResponses(400, 401, 403, 404, 422);

export const filterSetRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Filter sets'];
  const canRead = { access: access.can('can_read', 'Dashboard') };
  const canWrite = { access: access.can('can_write', 'Dashboard') };
  const dashboard = (principal: Parameters<typeof dashboardOf>[1], id: number) =>
    dashboardOf(db, principal, id, rbacEnabled(ctx));

  app.get(
    '/api/v1/dashboard/:dashboard_id/filtersets',
    {
      config: canRead,
      schema: {
        tags,
        summary: "The dashboard's filter sets the caller may see",
        params: FilterSetDashboardParams,
        response: { 200: FilterSetListResponse, ...errors },
      },
    },
    async (request) => {
      const principal = request.principal!;
      return listDashboardFilterSets(db, principal, await dashboard(principal, request.params.dashboard_id));
    },
  );

  app.post(
    '/api/v1/dashboard/:dashboard_id/filtersets',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Save a filter set',
        params: FilterSetDashboardParams,
        body: FilterSetRequest,
        response: { 201: FilterSetResponse, ...errors },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const board = await dashboard(principal, request.params.dashboard_id);
      const result = await createFilterSet(db, principal, board, request.body);
      return reply.code(201).send({ id: result.id, result });
    },
  );

  app.put(
    '/api/v1/dashboard/:dashboard_id/filtersets/:pk',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Rename a filter set, change its selection or make it primary',
        params: FilterSetParams,
        body: FilterSetRequest,
        response: { 200: FilterSetResponse, ...errors },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const board = await dashboard(principal, request.params.dashboard_id);
      const result = await updateFilterSet(db, principal, board, request.params.pk, request.body);
      return { id: result.id, result };
    },
  );

  app.delete(
    '/api/v1/dashboard/:dashboard_id/filtersets/:pk',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Delete a filter set',
        params: FilterSetParams,
        response: { 200: FilterSetDeleteResponse, ...errors },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const board = await dashboard(principal, request.params.dashboard_id);
      await deleteFilterSet(db, principal, board, request.params.pk);
      return { id: request.params.pk, message: 'OK' };
    },
  );
};
