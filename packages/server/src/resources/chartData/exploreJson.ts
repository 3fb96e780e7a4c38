import {
  AsyncJob,
  CacheKeyParams,
  ExploreJsonParams,
  ExploreJsonQuery,
  ExploreJsonRequest,
  ExploreJsonResponse,
} from '@vitrina/common/api/chartData';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { planOrQueue, requestChannel, submitAsync } from '../../flows/chartData/asyncQueries.ts';
import { cachedResults } from '../../flows/chartData/cachedResults.ts';
import { LegacyHttpError } from '../../flows/chartData/errors.ts';
import { chartDataFile } from '../../flows/chartData/export.ts';
import {
  legacyError,
  legacyFormData,
  legacyPayload,
  legacyQueryContext,
  parseFlags,
} from '../../flows/chartData/legacy.ts';
import { prepareRun, runPlan } from '../../flows/chartData/service.ts';
import { access } from '../../http/access.ts';
import type { AppContext, RouteModule } from '../../http/types.ts';
import { hasPermission } from '../../security/principal.ts';
import { legacyErrors, principalOf } from './schemas.ts';

/**
 * The legacy `GET|POST /superset/explore_json/` (and `/superset/explore_json/<datasource_type>/<id>/`),
 * permission can_explore_json on Superset, exempt from CSRF as in Superset: legacy form data in the
 * `form_data` query argument or form field, the output picked by `?csv=`, `?query=`, `?results=`,
 * `?samples=` and `?force=`. Failures answer the legacy `{"error": …}` body. With GLOBAL_ASYNC_QUERIES
 * an uncached JSON request answers 202 and its results are read at `/superset/explore_json/data/<key>`.
 */

const CSV_RIGHTS = "You don't have the rights to download as csv";

async function exploreJson(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  path: { type: string; id: string } | null,
) {
  const principal = principalOf(request);
  const query = request.query as Record<string, unknown>;
  const flags = parseFlags(query);
  const formData = legacyFormData(
    request.body,
    typeof query.form_data === 'string' ? query.form_data : undefined,
  );
  if (flags.csv && !hasPermission(principal, 'can_csv', 'Superset')) {
    throw new LegacyHttpError(403, CSV_RIGHTS);
  }
  try {
    const context = await legacyQueryContext(ctx, principal, formData, flags, path);
    const run = await prepareRun(ctx, principal, context);
    if (flags.csv) {
      const file = await chartDataFile(run, 'csv');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .send(file.body as never);
    }
    const way = await planOrQueue(ctx, run);
    if (way.queued) {
      const job = await submitAsync(ctx, principal, requestChannel(ctx, request, principal), context, {
        resultPath: '/superset/explore_json/data/',
      });
      return reply.code(202).send(job);
    }
    const [entry] = await runPlan(ctx, way.plan);
    if (!entry) return { data: [] };
    if (flags.query) return { query: entry.query ?? null, language: entry.language ?? 'sql', data: [] };
    if (flags.samples || flags.results) {
      return { data: entry.data ?? [], colnames: entry.colnames ?? [], coltypes: entry.coltypes ?? [] };
    }
    return legacyPayload(entry, formData);
  } catch (error) {
    throw legacyError(error);
  }
}

export const exploreJsonRoutes: RouteModule = (app, ctx) => {
  const config = { access: access.can('can_explore_json', 'Superset'), csrfExempt: true };
  const response = { 200: ExploreJsonResponse, 202: AsyncJob, ...legacyErrors };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/superset/explore_json/',
      config,
      schema: {
        tags: ['Charts'],
        summary: 'Legacy chart data from form data (deprecated in Superset, kept for its clients)',
        querystring: ExploreJsonQuery,
        ...(method === 'POST' ? { body: ExploreJsonRequest } : {}),
        response,
      },
      handler: (request, reply) => exploreJson(ctx, request, reply, null),
    });
    app.route({
      method,
      url: '/superset/explore_json/:datasource_type/:datasource_id/',
      config,
      schema: {
        tags: ['Charts'],
        summary: 'Legacy chart data for a datasource named in the path',
        params: ExploreJsonParams,
        querystring: ExploreJsonQuery,
        ...(method === 'POST' ? { body: ExploreJsonRequest } : {}),
        response,
      },
      handler: (request, reply) => {
        const params = request.params as { datasource_type: string; datasource_id: string };
        return exploreJson(ctx, request, reply, { type: params.datasource_type, id: params.datasource_id });
      },
    });
  }

  app.get(
    '/superset/explore_json/data/:cache_key',
    {
      config: { access: access.can('can_explore_json', 'Superset') },
      schema: {
        tags: ['Charts'],
        summary: 'The results of an async explore_json request by its cache key',
        params: CacheKeyParams,
        response: { 200: ExploreJsonResponse, ...legacyErrors },
      },
    },
    async (request) => {
      try {
        const { results } = await cachedResults(ctx, principalOf(request), request.params.cache_key);
        const entry = results[0]?.entry;
        return entry ? legacyPayload(entry, {}) : { data: [] };
      } catch (error) {
        throw legacyError(error);
      }
    },
  );
};
