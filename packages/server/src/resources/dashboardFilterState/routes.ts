import {
  FilterStateCreated,
  FilterStateKeyParams,
  FilterStateParams,
  FilterStateQuery,
  FilterStateRequest,
  FilterStateUpdated,
  FilterStateValue,
} from '@vitrina/common/api/dashboardFilterState';
import { MessageResponse } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { rbacEnabled } from '../dashboards/access.ts';
import {
  createFilterState,
  deleteFilterState,
  readFilterState,
  type StateScope,
  updateFilterState,
} from './service.ts';

/**
 * `/api/v1/dashboard/{pk}/filter_state` (Superset's DashboardFilterStateRestApi): POST and
 * GET/PUT/DELETE `/{key}`, with `?tab_id=` naming the browser tab. PUT answers the key in `message`,
 * as Superset's client reads it, and in `key`.
 */

const errors = errorResponses(400, 401, 403, 404, 422);

export const dashboardFilterStateRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Dashboard filter state'];
  const canRead = { access: access.can('can_read', 'DashboardFilterStateRestApi') };
  const canWrite = { access: access.can('can_write', 'DashboardFilterStateRestApi') };
  const scope = (principal: Principal | null, pk: number, tabId: number | undefined): StateScope => ({
    db,
    principal: principal!,
    dashboardId: pk,
    tabId,
    rbac: rbacEnabled(ctx),
  });

  app.post(
    '/api/v1/dashboard/:pk/filter_state',
    {
      config: canWrite,
      schema: {
        tags,
        summary: "Store a tab's filter state; answers its key",
        params: FilterStateParams,
        querystring: FilterStateQuery,
        body: FilterStateRequest,
        response: { 201: FilterStateCreated, ...errors },
      },
    },
    async (request, reply) => {
      const at = scope(request.principal, request.params.pk, request.query.tab_id);
      return reply.code(201).send({ key: await createFilterState(at, request.body) });
    },
  );

  app.put(
    '/api/v1/dashboard/:pk/filter_state/:key',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Change a filter state the caller stored',
        params: FilterStateKeyParams,
        querystring: FilterStateQuery,
        body: FilterStateRequest,
        response: { 200: FilterStateUpdated, ...errors },
      },
    },
    async (request) => {
      const at = scope(request.principal, request.params.pk, request.query.tab_id);
      const key = await updateFilterState(at, request.params.key, request.body);
      return { key, message: key };
    },
  );

  app.get(
    '/api/v1/dashboard/:pk/filter_state/:key',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'The filter state stored under a key',
        params: FilterStateKeyParams,
        response: { 200: FilterStateValue, ...errors },
      },
    },
    async (request) => ({
      value: await readFilterState(
        scope(request.principal, request.params.pk, undefined),
        request.params.key,
      ),
    }),
  );

  app.delete(
    '/api/v1/dashboard/:pk/filter_state/:key',
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Delete a filter state the caller stored',
        params: FilterStateKeyParams,
        querystring: FilterStateQuery,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const at = scope(request.principal, request.params.pk, request.query.tab_id);
      await deleteFilterState(at, request.params.key);
      return { message: 'Deleted successfully' };
    },
  );
};
