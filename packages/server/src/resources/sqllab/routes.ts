import type { ExecuteRequest } from '@vitrina/common/api/sqllab';
import { isEngineName } from '@vitrina/common/sql/engines';
import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { CSRF_HEADER, csrfValidForRequest } from '../../http/authentication.ts';
import { CsrfError, ForbiddenError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { hasPermission } from '../../security/principal.ts';
import { sqlLabBootstrap } from '../../sqllab/bootstrap.ts';
import { SqlLabError } from '../../sqllab/errors.ts';
import { type EstimateRequest, estimateCost } from '../../sqllab/estimate.ts';
import { engineOf, executeSql, loadDatabase } from '../../sqllab/execute.ts';
import { exportCsv } from '../../sqllab/export.ts';
import { formatSql } from '../../sqllab/format.ts';
import { requestedQuery, sqlLabAddress } from '../../sqllab/requestedQuery.ts';
import { fetchResults } from '../../sqllab/results.ts';
import { risonArgs } from '../databases/browse.ts';
import { ExecuteBody, ExecuteResultSchema, QueryObject, QueryOnly, StoppedRunSchema } from './schemas.ts';

/**
 * `/api/v1/sqllab/` (Superset's SqlLabRestApi, permissions on `SQLLab`): bootstrap, execute, results,
 * estimate, format_sql and the CSV export. The
 * engine lives in server/src/sqllab/; these handlers only translate HTTP.
 */

const RisonQuery = Type.Object({ q: Type.Optional(Type.String()) });

/** SqlLabError becomes its SIP-40 answer; everything else goes to the shared handler. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SqlLabError) throw error.toHttp();
    throw error;
  }
}

/**
 * Result rows are arbitrary objects the schema cannot describe field by field; one JSON.stringify of
 * the whole answer is several times faster for 100,000 rows than the schema serializer walking each.
 */
const serializeRows = (payload: unknown): string => JSON.stringify(payload);

function queryStringOf(url: string): Record<string, string> {
  const index = url.indexOf('?');
  return index < 0 ? {} : Object.fromEntries(new URLSearchParams(url.slice(index + 1)));
}

/** A form posted by our own pages: no Origin header (older browsers) passes, another site does not. */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export const sqlLabRoutes: RouteModule = async (app, ctx) => {
  const tags = ['SQL Lab'];

  // "View query in SQL Lab": a chart posts its form_data as a plain HTML form, which carries the CSRF
  // token as a field, not as the header the shared check reads; the check is made here instead.
  app.post(
    '/sqllab/',
    {
      config: { access: access.can('can_sqllab', 'Superset'), csrfExempt: true },
      schema: {
        tags,
        summary: 'Open a chart query in SQL Lab (form post); redirects to the SQL Lab address',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({
          form_data: Type.String({ maxLength: 1_000_000 }),
          csrf_token: Type.Optional(Type.String({ maxLength: 1024 })),
        }),
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (request.authMethod === 'session') {
        const header = request.headers[CSRF_HEADER];
        const token = request.body.csrf_token ?? (typeof header === 'string' ? header : undefined);
        if (!csrfValidForRequest(request, ctx, token)) throw new CsrfError();
        if (!sameOrigin(request.headers.origin, request.headers.host)) throw new ForbiddenError();
      }
      const target = await requestedQuery(ctx, request.principal!, request.body.form_data);
      return reply.redirect(sqlLabAddress(target), 303);
    },
  );

  app.post(
    '/api/v1/sqllab/execute/',
    {
      config: { access: access.can('can_execute_sql_query', 'SQLLab') },
      schema: {
        tags,
        body: ExecuteBody,
        response: {
          200: Type.Union([ExecuteResultSchema, QueryOnly, StoppedRunSchema]),
          202: QueryOnly,
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const answer = await answering(() =>
        executeSql(ctx, request.principal!, request.body as ExecuteRequest, queryStringOf(request.url)),
      );
      return reply.code(answer.status).serializer(serializeRows).send(answer.body);
    },
  );

  app.get(
    '/api/v1/sqllab/results/',
    {
      config: { access: access.can('can_get_results', 'SQLLab') },
      schema: {
        tags,
        querystring: RisonQuery,
        response: { 200: ExecuteResultSchema, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const args = risonArgs(request.query.q);
      if (typeof args.key !== 'string' || args.key === '') {
        throw new SqlLabError(400, 'GENERIC_COMMAND_ERROR', 'key: Missing data for required field.').toHttp();
      }
      const rows = typeof args.rows === 'number' ? args.rows : undefined;
      const result = await answering(() => fetchResults(ctx, request.principal!, args.key as string, rows));
      return reply.serializer(serializeRows).send(result);
    },
  );

  app.get(
    '/api/v1/sqllab/',
    {
      config: { access: access.can('can_read', 'SQLLab') },
      schema: {
        tags,
        response: {
          200: Type.Object({
            result: Type.Object({
              // The tab state as the tab state API answers it (resources/tabState).
              active_tab: Type.Unknown(),
              tab_state_ids: Type.Array(Type.Tuple([Type.Integer(), Type.String()])),
              databases: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
              queries: Type.Record(Type.String(), QueryObject),
            }),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ result: await sqlLabBootstrap(ctx, request.principal!) }),
  );

  app.post(
    '/api/v1/sqllab/estimate/',
    {
      config: { access: access.can('can_estimate_query_cost', 'SQLLab') },
      schema: {
        tags,
        body: Type.Object(
          {
            database_id: Type.Integer(),
            sql: Type.String(),
            template_params: Type.Optional(
              Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String(), Type.Null()]),
            ),
            catalog: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            schema: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          },
          { additionalProperties: true },
        ),
        response: {
          200: Type.Object({ result: Type.Array(Type.Record(Type.String(), Type.String())) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      result: await answering(() => estimateCost(ctx, request.principal!, request.body as EstimateRequest)),
    }),
  );

  app.post(
    '/api/v1/sqllab/format_sql/',
    {
      config: { access: access.can('can_format_sql', 'SQLLab') },
      schema: {
        tags,
        body: Type.Object(
          {
            sql: Type.String(),
            database_id: Type.Optional(Type.Integer()),
            engine: Type.Optional(Type.String()),
            template_params: Type.Optional(Type.Unknown()),
          },
          { additionalProperties: true },
        ),
        response: { 200: Type.Object({ result: Type.String() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { sql, database_id: databaseId, engine } = request.body;
      let dialectEngine = engine && isEngineName(engine) ? engine : null;
      if (databaseId !== undefined) {
        const database = await answering(() => loadDatabase(ctx, request.principal!, databaseId));
        dialectEngine = engineOf(database);
      }
      return { result: formatSql(sql, dialectEngine) };
    },
  );

  app.get(
    '/api/v1/sqllab/export/:client_id/',
    {
      config: { access: access.can('can_export_csv', 'SQLLab') },
      schema: {
        tags,
        params: Type.Object({ client_id: Type.String() }),
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      // Superset checks can_csv as well: the export is a CSV download like any other.
      if (!hasPermission(request.principal!, 'can_csv', 'Superset')) throw new ForbiddenError();
      const file = await answering(() => exportCsv(ctx, request.principal!, request.params.client_id));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .send(file.body as never);
    },
  );
};
