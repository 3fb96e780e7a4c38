import { ChartDataResponse } from '@vitrina/common/api/chart';
import {
  AsyncJob,
  CacheKeyParams,
  ChartDataQuery,
  ChartDataRequest,
  SamplesQuery,
  SamplesRequest,
  SamplesResponse,
} from '@vitrina/common/api/chartData';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  chartAndDashboardOf,
  encodeAndRecord,
  referrerOf,
  subjectOf,
} from '../../flows/chartData/actionLog.ts';
import { planOrQueue, requestChannel, submitAsync } from '../../flows/chartData/asyncQueries.ts';
import { cachedResults } from '../../flows/chartData/cachedResults.ts';
import { LegacyHttpError } from '../../flows/chartData/errors.ts';
import { chartDataFile } from '../../flows/chartData/export.ts';
import { type ChartDataRun, prepareRun, runPlanTimed, samplesPage } from '../../flows/chartData/service.ts';
import { chartDataSettings } from '../../flows/chartData/settings.ts';
import { resultBody } from '../../flows/chartData/timings.ts';
import { access } from '../../http/access.ts';
import { BadRequestError, ForbiddenError, HttpError, NotFoundError } from '../../http/errors.ts';
import type { AppContext, RouteModule } from '../../http/types.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { asyncEventRoutes, asyncEventWebsocketRoutes } from '../asyncEvents/routes.ts';
import { exploreJsonRoutes } from './exploreJson.ts';
import { errors, principalOf } from './schemas.ts';

/**
 * The chart data API (Superset's ChartDataRestApi, class permission `Chart`, method `data` → can_read;
 * the datasource access is checked per dataset): `POST /api/v1/chart/data`, `GET
 * /api/v1/chart/data/{cache_key}`, and the datasource samples view `POST /datasource/samples`
 * (can_samples on Datasource). The flow itself lives in chartData/.
 */

function parseFormData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('Request is not JSON');
  }
}

/**
 * The query context: the JSON body, or — as Superset allows for the browser's export form post — a
 * `form_data` form field or query-string parameter holding it as JSON text. A request without one whose
 * `form_data` names a saved chart (`{"slice_id": N}`) runs that chart's query context.
 */
async function queryContextOf(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
  query: { form_data?: string | undefined },
): Promise<unknown> {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.form_data === 'string' && record.datasource === undefined)
      return parseFormData(record.form_data);
    if (record.datasource !== undefined || record.queries !== undefined) return body;
  }
  const empty =
    body === undefined ||
    body === null ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
  if (query.form_data) {
    const formData = parseFormData(query.form_data);
    if (empty && typeof formData === 'object' && formData !== null && 'slice_id' in formData) {
      return savedContext(ctx, principal, formData as Record<string, unknown>);
    }
    return formData;
  }
  if (body === undefined || body === null || typeof body !== 'object')
    throw new BadRequestError('Request is not JSON');
  return body;
}

/** A saved chart's query context for `form_data={"slice_id": N[, "force": true]}`. */
async function savedContext(
  ctx: AppContext,
  principal: Principal,
  formData: Record<string, unknown>,
): Promise<unknown> {
  const raw = formData.slice_id;
  const sliceId = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof sliceId !== 'number' || !Number.isSafeInteger(sliceId) || sliceId < 1) {
    throw new HttpError(400, { message: 'form_data.slice_id: must be a chart id' });
  }
  const force = formData.force === true || formData.force === 'true';
  const context = await ctx.services.savedChartQueryContext(ctx, principal, sliceId, { force });
  if (typeof context !== 'object' || context === null) throw new NotFoundError();
  return force ? { ...context, force: true } : context;
}

/** `?form_data=` as the chart and dashboard ids the web sends there (nothing when it is not JSON). */
function queryFormData(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends results already encoded with their timings (flows/chartData/timings.ts): the text is the
 * ChartDataResponse, so Fastify sends it as it is rather than encoding the answer a second time.
 */
function sendEncoded(reply: FastifyReply, texts: readonly Buffer[]) {
  return reply.type('application/json; charset=utf-8').send(resultBody(texts));
}

/**
 * Answers a prepared run: 202 with job metadata when it goes async (GLOBAL_ASYNC_QUERIES, JSON full
 * results, not all cached), the file for CSV/XLSX (can_csv), else the JSON results with their timings,
 * recorded in the action log.
 */
async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  principal: Principal,
  run: ChartDataRun,
  context: unknown,
  /** The `?form_data=` text, where the web names the chart and the dashboard. */
  formDataParam: string | undefined,
) {
  const format = run.context.result_format;
  if (format === 'json') {
    const ids = chartAndDashboardOf(queryFormData(formDataParam), run.context.form_data);
    const way = await planOrQueue(ctx, run);
    if (!way.queued) {
      const results = await runPlanTimed(ctx, way.plan, { asStored: true });
      const texts = encodeAndRecord(ctx, results, {
        principal,
        ...ids,
        ...subjectOf(run),
        referrer: referrerOf(request.headers),
        elapsedMs: () => reply.elapsedTime,
        log: request.log,
      });
      return sendEncoded(reply, texts);
    }
    const channel = requestChannel(ctx, request, principal);
    const job = await submitAsync(ctx, principal, channel, context, { for: ids });
    return reply.code(202).send(job);
  }
  if (!hasPermission(principal, 'can_csv', 'Superset')) throw new ForbiddenError();
  const file = await chartDataFile(run, format);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .send(file.body as never);
}

export const chartDataRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/api/v1/chart/data',
    {
      config: { access: access.can('can_read', 'Chart'), csrfExempt: true, readOnlyPost: true },
      schema: {
        tags: ['Charts'],
        summary: 'Run a query context and answer its data (json), or a CSV/XLSX file',
        querystring: ChartDataQuery,
        body: ChartDataRequest,
        response: { 200: ChartDataResponse, 202: AsyncJob, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const context = await queryContextOf(ctx, principal, request.body, request.query);
      const run = await prepareRun(ctx, principal, context);
      return answer(request, reply, ctx, principal, run, context, request.query.form_data);
    },
  );

  app.get(
    '/api/v1/chart/data/:cache_key',
    {
      config: { access: access.can('can_read', 'Chart') },
      schema: {
        tags: ['Charts'],
        summary: 'A cached chart data result by its cache key',
        params: CacheKeyParams,
        response: { 200: ChartDataResponse, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const answer = await cachedResults(ctx, principal, request.params.cache_key);
      const texts = encodeAndRecord(ctx, answer.results, {
        principal,
        ...answer.for,
        ...answer.subject,
        referrer: referrerOf(request.headers),
        elapsedMs: () => reply.elapsedTime,
        log: request.log,
      });
      return sendEncoded(reply, texts);
    },
  );

  app.post(
    '/datasource/samples',
    {
      config: { access: access.can('can_samples', 'Datasource') },
      schema: {
        tags: ['Datasets'],
        summary: 'Sample rows of a dataset (drill-to-detail with a body of filters)',
        querystring: SamplesQuery,
        body: SamplesRequest,
        response: { 200: SamplesResponse, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const limit = chartDataSettings(ctx).samplesRowLimit;
      const { datasource_id, datasource_type, force, page = 1 } = request.query;
      const perPage = request.query.per_page ?? limit;
      if (perPage > limit) throw new LegacyHttpError(400, `per_page: must be at most ${limit}`);
      const body = request.body ?? null;
      const drill = body !== null && Object.keys(body).length > 0;
      const query: Record<string, unknown> = { row_limit: perPage, row_offset: (page - 1) * perPage };
      if (drill) {
        for (const key of ['filters', 'granularity', 'time_range', 'extras'] as const) {
          if (body[key] !== undefined) query[key] = body[key];
        }
      }
      let run: Awaited<ReturnType<typeof prepareRun>>;
      try {
        run = await prepareRun(ctx, principal, {
          datasource: { id: datasource_id, type: datasource_type },
          queries: [query],
          result_type: drill ? 'drill_detail' : 'samples',
          force: force ?? false,
        });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400)
          throw new LegacyHttpError(400, error.message);
        throw error;
      }
      return { result: await samplesPage(ctx, run, { page, perPage }) };
    },
  );

  // The async event stream belongs to the chart data flow: it answers its 202s.
  asyncEventRoutes(app, ctx);
  asyncEventWebsocketRoutes(app, ctx);
  exploreJsonRoutes(app, ctx);
};
