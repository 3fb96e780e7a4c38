import { Type } from 'typebox';
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
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const UserRef = Nullable(
  Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() }),
);

const FilterSet = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  json_metadata: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
  dashboard_id: Type.Integer(),
  owner_type: Type.Union([Type.Literal('Dashboard'), Type.Literal('User')]),
  owner_id: Type.Integer(),
  is_primary: Type.Boolean(),
  created_on: Type.String(),
  changed_on: Type.String(),
  created_by: UserRef,
  changed_by: UserRef,
});

const DashboardParams = Type.Object({ dashboard_id: Type.Integer() });
const SetParams = Type.Object({ dashboard_id: Type.Integer(), pk: Type.Integer() });
const Body = Type.Unknown({
  description: '{name, description, owner_type: Dashboard|User, owner_id, is_primary, json_metadata}',
});
const OneSet = Type.Object({ id: Type.Integer(), result: FilterSet });

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
        params: DashboardParams,
        response: {
          200: Type.Object({
            count: Type.Integer(),
            ids: Type.Array(Type.Integer()),
            result: Type.Array(FilterSet),
          }),
          ...errors,
        },
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
        params: DashboardParams,
        body: Body,
        response: { 201: OneSet, ...errors },
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
        params: SetParams,
        body: Body,
        response: { 200: OneSet, ...errors },
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
        params: SetParams,
        response: { 200: Type.Object({ id: Type.Integer(), message: Type.String() }), ...errors },
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
