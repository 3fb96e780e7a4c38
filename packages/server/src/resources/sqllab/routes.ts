import {
  ExecuteRequest,
  ExecuteResult,
  SqlLabBootstrapResponse,
  SqlLabEstimateRequest,
  SqlLabEstimateResponse,
  SqlLabExecuteResponse,
  SqlLabExportParams,
  SqlLabFormatRequest,
  SqlLabFormatResponse,
  SqlLabFormPost,
  SqlLabQueryOnly,
  SqlLabResultsQuerystring,
} from '@vitrina/common/api/sqllab';
import { isEngineName } from '@vitrina/common/sql/engines';
import { sqlLabBootstrap } from '../../flows/sqllab/bootstrap.ts';
import { SqlLabError } from '../../flows/sqllab/errors.ts';
import { type EstimateRequest, estimateCost } from '../../flows/sqllab/estimate.ts';
import { engineOf, executeSql, loadDatabase } from '../../flows/sqllab/execute.ts';
import { exportCsv } from '../../flows/sqllab/export.ts';
import { formatSql } from '../../flows/sqllab/format.ts';
import { requestedQuery, sqlLabAddress } from '../../flows/sqllab/requestedQuery.ts';
import { fetchResults } from '../../flows/sqllab/results.ts';
import { access } from '../../http/access.ts';
import { CSRF_HEADER, csrfValidForRequest } from '../../http/authentication.ts';
import { CsrfError, ForbiddenError } from '../../http/errors.ts';
import { risonArgs } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { encodeWithRawFields } from '../../platform/rawJsonFields.ts';
import { hasPermission } from '../../security/principal.ts';

/**
 * `/api/v1/sqllab/` (Superset's SqlLabRestApi, permissions on `SQLLab`): bootstrap, execute, results,
 * estimate, format_sql and the CSV export. The
 * engine lives in server/src/sqllab/; these handlers only translate HTTP.
 */

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
 * Rows the engine wrote as JSON records are spliced in as its bytes (platform/rawJsonFields.ts).
 */
const serializeRows = (payload: unknown): string =>
  // Fastify writes a Buffer from a serializer as it is; its typing only names strings.
  (typeof payload === 'object' && payload !== null
    ? encodeWithRawFields(payload)
    : JSON.stringify(payload)) as unknown as string;

const JSON_TYPE = 'application/json; charset=utf-8';

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
        body: SqlLabFormPost,
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
        body: ExecuteRequest,
        response: {
          200: SqlLabExecuteResponse,
          202: SqlLabQueryOnly,
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const answer = await answering(() =>
        executeSql(ctx, request.principal!, request.body, queryStringOf(request.url)),
      );
      return reply.code(answer.status).type(JSON_TYPE).serializer(serializeRows).send(answer.body);
    },
  );

  app.get(
    '/api/v1/sqllab/results/',
    {
      config: { access: access.can('can_get_results', 'SQLLab') },
      schema: {
        tags,
        querystring: SqlLabResultsQuerystring,
        response: { 200: ExecuteResult, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const args = risonArgs(request.query.q);
      if (typeof args.key !== 'string' || args.key === '') {
        throw new SqlLabError(400, 'GENERIC_COMMAND_ERROR', 'key: Missing data for required field.').toHttp();
      }
      const rows = typeof args.rows === 'number' ? args.rows : undefined;
      const result = await answering(() => fetchResults(ctx, request.principal!, args.key as string, rows));
      return reply.type(JSON_TYPE).serializer(serializeRows).send(result);
    },
  );

  app.get(
    '/api/v1/sqllab/',
    {
      config: { access: access.can('can_read', 'SQLLab') },
      schema: {
        tags,
        response: {
          200: SqlLabBootstrapResponse,
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
        body: SqlLabEstimateRequest,
        response: {
          200: SqlLabEstimateResponse,
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
        body: SqlLabFormatRequest,
        response: { 200: SqlLabFormatResponse, ...errorResponses(400, 401, 403, 404) },
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
        params: SqlLabExportParams,
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
