import { LIST_KEYS } from '@vitrina/common';
import {
  ChartDataQuerystring,
  ChartDataResponse,
  ChartListResponse,
  ChartShowResponse,
  ChartWriteRequest,
  ChartWriteResponse,
} from '@vitrina/common/api/chart';
import { ListQuerystring } from '@vitrina/common/api/list';
import {
  errorResponses,
  FavoriteStatusResponse,
  IdOrUuidParams,
  IdParams,
  InfoResponse,
  MessageResponse,
  OkResultResponse,
  RelatedParams,
  RelatedResponse,
} from '@vitrina/common/api/shared';
import { encodeAndRecord, referrerOf, subjectOf } from '../../flows/chartData/actionLog.ts';
import { chartDataFile } from '../../flows/chartData/export.ts';
import { chartDataTimed, prepareRun } from '../../flows/chartData/service.ts';
import { resultBody } from '../../flows/chartData/timings.ts';
import { thumbnailViewer } from '../../flows/thumbnails/settings.ts';
import { access } from '../../http/access.ts';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import { changeEntry } from '../../http/eventLog.ts';
import { parseListArgument, prettify, projectRow } from '../../http/listEndpoint.ts';
import {
  booleansAsNumbers,
  idsArgument,
  infoArguments,
  relatedArguments,
  showArguments,
} from '../../http/risonArguments.ts';
import type { RouteModule } from '../../http/types.ts';
import { hasPermission } from '../../security/principal.ts';
import { relatedOptions } from '../datasets/reads.ts';
import { visibleChart } from './access.ts';
import { createChart } from './create.ts';
import { deleteCharts } from './delete.ts';
import { infoResponse } from './info.ts';
import { CHARTS_LIST_SPEC, chartsList, ID_BOOLEAN_OPERATORS } from './list.ts';
import { presentChart, SHOW_COLUMNS } from './presenter.ts';
import { chartFavoriteStatus, listCharts, starChart } from './reads.ts';
import { savedChartQueryContext } from './savedChartQuery.ts';
import { updateChart } from './update.ts';

/**
 * `/api/v1/chart/` (Superset's ChartRestApi, class permission `Chart`): can_read for reads, stars and a
 * saved chart's data; can_write for changes, which owners and admins may make.
 */

const errors = errorResponses(400, 401, 403, 404, 422);

const RELATED_FIELDS = new Set(['owners', 'created_by', 'changed_by']);

const INFO_FIELDS = [
  { name: 'slice_name', label: 'Name', description: '', required: true, type: 'String' },
  { name: 'slice_name_ru', label: 'Name (Russian)', description: '', required: false, type: 'String' },
];

const truthy = (value: boolean | string | undefined) =>
  value === true ||
  (typeof value === 'string' && ['true', '1', 'yes', 'y', 't'].includes(value.toLowerCase()));

export const chartRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Charts'];
  const canRead = { access: access.can('can_read', 'Chart') };
  const canWrite = { access: access.can('can_write', 'Chart') };

  app.get(
    '/api/v1/chart/',
    {
      config: canRead,
      schema: {
        tags,
        summary: 'Charts the caller may see, filtered, ordered and paged by a rison q',
        querystring: ListQuerystring,
        response: { 200: ChartListResponse, ...errors },
      },
    },
    async (request) => {
      const q = booleansAsNumbers(request.query.q, ID_BOOLEAN_OPERATORS);
      const principal = request.principal!;
      const query = parseListArgument(q, chartsList(principal.id));
      return listCharts(db, principal, query, thumbnailViewer(ctx, principal));
    },
  );

  app.get(
    '/api/v1/chart/_info',
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: InfoResponse, ...errors } },
    },
    async (request) =>
      infoResponse(
        request.principal!,
        {
          view: 'Chart',
          spec: CHARTS_LIST_SPEC,
          fields: INFO_FIELDS,
          addTitle: 'Add Slice',
          editTitle: 'Edit Slice',
        },
        infoArguments(request.query.q),
      ),
  );

  app.get(
    '/api/v1/chart/related/:field',
    {
      config: canRead,
      schema: {
        tags,
        params: RelatedParams,
        querystring: ListQuerystring,
        response: { 200: RelatedResponse, ...errors },
      },
    },
    async (request) => {
      if (!RELATED_FIELDS.has(request.params.field)) throw new NotFoundError();
      return relatedOptions(db, request.principal!, request.params.field, relatedArguments(request.query.q));
    },
  );

  app.get(
    '/api/v1/chart/favorite_status/',
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: FavoriteStatusResponse, ...errors } },
    },
    async (request) => ({
      result: await chartFavoriteStatus(db, request.principal!, idsArgument(request.query.q)),
    }),
  );

  app.get(
    '/api/v1/chart/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdOrUuidParams,
        querystring: ListQuerystring,
        response: { 200: ChartShowResponse, ...errors },
      },
    },
    async (request) => {
      const args = showArguments(request.query.q, SHOW_COLUMNS);
      const principal = request.principal!;
      const chart = await presentChart(
        db,
        await visibleChart(db, principal, request.params.id),
        thumbnailViewer(ctx, principal),
      );
      const columns = args.columns ?? [...SHOW_COLUMNS];
      const keys = args.keys === 'all' ? LIST_KEYS.filter((key) => key !== 'order_columns') : args.keys;
      // A top-level name (`owners`, `dashboards`) answers the whole objects.
      const result = projectRow(chart as unknown as Record<string, unknown>, columns);
      return {
        id: chart.id,
        result,
        ...(keys.includes('list_columns') && { show_columns: columns }),
        ...(keys.includes('label_columns') && {
          label_columns: Object.fromEntries(columns.map((c) => [c, prettify(c)])),
        }),
        ...(keys.includes('description_columns') && { description_columns: {} }),
        ...(keys.includes('list_title') && { show_title: 'Show Slice' }),
      };
    },
  );

  app.post(
    '/api/v1/chart/',
    {
      config: canWrite,
      schema: { tags, body: ChartWriteRequest, response: { 201: ChartWriteResponse, ...errors } },
    },
    async (request, reply) => {
      const created = await createChart(ctx, request.principal!, request.body);
      ctx.eventLog.record(
        changeEntry(request, 'ChartRestApi.post', { sliceId: created.id }, reply.elapsedTime),
      );
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/v1/chart/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: ChartWriteRequest,
        response: { 200: ChartWriteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const updated = await updateChart(ctx, request.principal!, request.params.id, request.body);
      ctx.eventLog.record(
        changeEntry(request, 'ChartRestApi.put', { sliceId: request.params.id }, reply.elapsedTime),
      );
      return updated;
    },
  );

  app.delete(
    '/api/v1/chart/:id',
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await deleteCharts(db, request.principal!, [request.params.id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    '/api/v1/chart/',
    {
      config: canWrite,
      schema: { tags, querystring: ListQuerystring, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const count = await deleteCharts(db, request.principal!, idsArgument(request.query.q));
      return { message: count === 1 ? 'Deleted 1 chart' : `Deleted ${count} charts` };
    },
  );

  for (const [method, starred] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/v1/chart/:id/favorites/',
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: OkResultResponse, ...errors } },
      handler: async (request) => {
        await starChart(db, request.principal!, (request.params as { id: number }).id, starred);
        return { result: 'OK' };
      },
    });
  }

  app.get(
    '/api/v1/chart/:id/data/',
    {
      config: canRead,
      schema: {
        tags,
        summary: "Run a saved chart's query: json, or a csv/xlsx file",
        params: IdParams,
        querystring: ChartDataQuerystring,
        response: { 200: ChartDataResponse, ...errors },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const body = await savedChartQueryContext(ctx, principal, request.params.id, {
        result_format: request.query.format ?? 'json',
        result_type: request.query.type ?? 'full',
        force: truthy(request.query.force),
      });
      const run = await prepareRun(ctx, principal, body);
      const format = run.context.result_format;
      if (format === 'json') {
        // Each result encoded once with its timings, and the answer recorded in the action log.
        const texts = encodeAndRecord(ctx, await chartDataTimed(ctx, run), {
          principal,
          sliceId: request.params.id,
          dashboardId: null,
          referrer: referrerOf(request.headers),
          ...subjectOf(run),
          elapsedMs: () => reply.elapsedTime,
          log: request.log,
        });
        // Already the encoded ChartDataResponse: Fastify sends JSON text as it is.
        return reply.type('application/json; charset=utf-8').send(resultBody(texts) as never);
      }
      if (!hasPermission(principal, 'can_csv', 'Superset')) throw new ForbiddenError();
      const file = await chartDataFile(run, format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .send(file.body as never);
    },
  );
};
