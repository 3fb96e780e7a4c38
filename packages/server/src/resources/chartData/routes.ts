import { Type } from 'typebox';
import { readCached } from '../../chartData/cache.ts';
import { accessibleDataset } from '../../chartData/datasource.ts';
import { LegacyHttpError } from '../../chartData/errors.ts';
import { chartDataFile } from '../../chartData/export.ts';
import { chartDataJson, prepareRun, presentCached, samplesPage } from '../../chartData/service.ts';
import { chartDataSettings } from '../../chartData/settings.ts';
import { access } from '../../http/access.ts';
import {
  BadRequestError,
  ForbiddenError,
  HttpError,
  NotAuthorizedError,
  NotFoundError,
} from '../../http/errors.ts';
import { ErrorBodySchema, errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import * as repo from '../../resources/datasets/repo.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { rlsCacheKeyPart, rlsClausesFor } from '../../security/rowLevelSecurity.ts';

/**
 * The chart data API (Superset's ChartDataRestApi, class permission `Chart`, method `data` → can_read;
 * the datasource access is checked per dataset): `POST /api/v1/chart/data`, `GET
 * /api/v1/chart/data/{cache_key}`, and the datasource samples view `POST /datasource/samples`
 * (can_samples on Datasource). The flow itself lives in chartData/.
 */

const Entry = Type.Record(Type.String(), Type.Unknown());
const DataResponse = Type.Object({ result: Type.Array(Entry) });

/** 400s carry `message` and, for query failures, SIP-40 `errors` beside it (chartData/errors.ts). */
const FailureBody = Type.Object({
  message: Type.Optional(Type.Union([Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))])),
  error: Type.Optional(Type.String()),
  errors: Type.Optional(
    Type.Array(
      Type.Object({
        message: Type.String(),
        error_type: Type.String(),
        level: Type.String(),
        extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      }),
    ),
  ),
});

const errors = { 400: FailureBody, 403: ErrorBodySchema, 404: ErrorBodySchema, ...errorResponses(401, 422) };

const QueryContextBody = Type.Object(
  {
    datasource: Type.Optional(Type.Unknown()),
    queries: Type.Optional(Type.Unknown()),
    form_data: Type.Optional(
      Type.Unknown({ description: 'The explore form data, or (form post) the query context as JSON text' }),
    ),
    result_type: Type.Optional(Type.Unknown()),
    result_format: Type.Optional(Type.Unknown()),
    force: Type.Optional(Type.Unknown()),
    custom_cache_timeout: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true, description: 'A query context (reference/superset-api.md §3.1)' },
);

function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new NotAuthorizedError();
  return request.principal;
}

function parseFormData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('Request is not JSON');
  }
}

/**
 * The query context: the JSON body, or — as Superset allows for the browser's export form post — a
 * `form_data` form field or query-string parameter holding it as JSON text.
 */
function queryContextOf(body: unknown, query: { form_data?: string | undefined }): unknown {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.form_data === 'string' && record.datasource === undefined)
      return parseFormData(record.form_data);
    if (record.datasource !== undefined || record.queries !== undefined) return body;
  }
  if (query.form_data) return parseFormData(query.form_data);
  if (body === undefined || body === null || typeof body !== 'object')
    throw new BadRequestError('Request is not JSON');
  return body;
}

export const chartDataRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/api/v1/chart/data',
    {
      config: { access: access.can('can_read', 'Chart'), csrfExempt: true },
      schema: {
        tags: ['Charts'],
        summary: 'Run a query context and answer its data (json), or a CSV/XLSX file',
        querystring: Type.Object({ form_data: Type.Optional(Type.String()) }),
        body: Type.Optional(QueryContextBody),
        response: { 200: DataResponse, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const run = await prepareRun(ctx, principal, queryContextOf(request.body, request.query));
      const format = run.context.result_format;
      if (format === 'json') return { result: await chartDataJson(ctx, run) };
      if (!hasPermission(principal, 'can_csv', 'Superset')) throw new ForbiddenError();
      const file = await chartDataFile(run, format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .send(file.body as never);
    },
  );

  app.get(
    '/api/v1/chart/data/:cache_key',
    {
      config: { access: access.can('can_read', 'Chart') },
      schema: {
        tags: ['Charts'],
        summary: 'A cached chart data result by its cache key',
        params: Type.Object({ cache_key: Type.String() }),
        response: { 200: DataResponse, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const entry = await readCached(ctx, request.params.cache_key);
      if (!entry) throw new NotFoundError();
      const db = ctx.metastore.db;
      const { dataset } = await accessibleDataset(
        db,
        principal,
        await repo.findDatasetRow(db, entry.datasetId),
      );
      // Someone under other row-level security must not read this result through its key.
      if (rlsCacheKeyPart(await rlsClausesFor(db, principal, dataset.id)) !== entry.rls)
        throw new NotFoundError();
      return { result: [presentCached(entry, true, 'full')] };
    },
  );

  app.post(
    '/datasource/samples',
    {
      config: { access: access.can('can_samples', 'Datasource') },
      schema: {
        tags: ['Datasets'],
        summary: 'Sample rows of a dataset (drill-to-detail with a body of filters)',
        querystring: Type.Object({
          datasource_id: Type.Integer(),
          datasource_type: Type.String(),
          force: Type.Optional(Type.Boolean()),
          page: Type.Optional(Type.Integer({ minimum: 1 })),
          per_page: Type.Optional(Type.Integer({ minimum: 1 })),
        }),
        body: Type.Optional(
          Type.Union([
            Type.Null(),
            Type.Object(
              {
                filters: Type.Optional(Type.Array(Type.Unknown())),
                granularity: Type.Optional(Type.Union([Type.String(), Type.Null()])),
                time_range: Type.Optional(Type.Union([Type.String(), Type.Null()])),
                extras: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
              },
              { additionalProperties: true },
            ),
          ]),
        ),
        response: { 200: Type.Object({ result: Entry }), ...errors },
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
};
