import { StopQueryRequest, StopQueryResponse, StopQueryText } from '@vitrina/common/api/queries';
import { SqlLabError } from '../../../flows/sqllab/errors.ts';
import { stopQuery } from '../../../flows/sqllab/results.ts';
import { access } from '../../../http/access.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { RouteModule } from '../../../http/types.ts';
import type { Principal } from '../../../security/principal.ts';

/**
 * Stopping a running SQL Lab query: `POST /api/v1/query/stop` (class `Query`) and Superset's legacy
 * `/superset/stop_query/`. They live with SQL Lab, not with the query history, because stopping acts on
 * the run (its engine connection), which the SQL Lab flow owns.
 */
export const stopQueryRoutes: RouteModule = (app, ctx) => {
  const tags = ['Queries'];
  const canRead = { access: access.can('can_read', 'Query') };

  const stop = async (principal: Principal, clientId: string) => {
    try {
      await stopQuery(ctx, principal, clientId);
    } catch (error) {
      if (error instanceof SqlLabError) throw error.toHttp();
      throw error;
    }
  };

  app.post(
    '/api/v1/query/stop',
    {
      config: canRead,
      schema: {
        tags,
        body: StopQueryRequest,
        response: { 200: StopQueryResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await stop(request.principal!, request.body.client_id);
      return { result: 'OK' };
    },
  );

  // Superset's legacy view: a form field, answered with the bare text.
  app.post(
    '/superset/stop_query/',
    {
      config: { access: access.can('can_sqllab', 'Superset') },
      schema: {
        tags,
        body: StopQueryRequest,
        response: { 200: StopQueryText, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await stop(request.principal!, request.body.client_id);
      return 'OK';
    },
  );
};
