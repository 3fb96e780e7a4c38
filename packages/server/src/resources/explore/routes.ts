import { Type } from 'typebox';
import { accessibleDataset, findDatasetRow } from '../../chartData/datasource.ts';
import { LegacyHttpError } from '../../chartData/errors.ts';
import { access } from '../../http/access.ts';
import { ErrorBodySchema, errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { DataFailure } from '../charts/schemas.ts';
import { parseDatasourceKey } from './access.ts';
import { columnValues } from './columnValues.ts';
import { exploreDataset } from './dataset.ts';
import { getExplore } from './explore.ts';
import { chartFormDataFor } from './formData.ts';
import { createExplorePermalink, getExplorePermalink } from './permalink.ts';

/**
 * Explore's helpers, with Superset's paths and permissions: the explore context (can_read Explore), its
 * permalinks (ExplorePermalinkRestApi), a chart's form data (can_query_form_data Api), the dataset
 * metadata (can_fetch_datasource_metadata Superset) and a column's values for filters
 * (can_get_column_values Datasource).
 */

const errors = errorResponses(400, 401, 403, 404, 422);
const AnyObject = Type.Record(Type.String(), Type.Unknown());
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A 403 of explore tells the id of the datasource it is about (never its name), as Superset's DatasetAccessDeniedError. */
const ExploreForbidden = Type.Union([
  Type.Object({
    message: Type.String(),
    datasource_id: Type.Optional(Type.Integer()),
    datasource_type: Type.Optional(Type.String()),
  }),
  ErrorBodySchema,
]);

const ExploreResponse = Type.Object({
  result: Type.Object({
    form_data: AnyObject,
    dataset: AnyObject,
    slice: Nullable(AnyObject),
    message: Nullable(Type.String()),
    metadata: Nullable(AnyObject),
  }),
});

const PermalinkState = Type.Object({
  chartId: Nullable(Type.Integer()),
  datasourceId: Type.Integer(),
  datasourceType: Type.String(),
  datasource: Type.String(),
  state: Type.Object({
    formData: AnyObject,
    urlParams: Type.Optional(Type.Array(Type.Array(Type.String()))),
  }),
});

/** A legacy view's failures carry `error` beside `message`, as Superset's json_error_response. */
const LegacyFailure = Type.Object({ message: Type.String(), error: Type.String() });

export const exploreRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Explore'];

  app.get(
    '/api/v1/explore/',
    {
      config: { access: access.can('can_read', 'Explore') },
      schema: {
        tags,
        summary: 'The form data, dataset and saved chart explore opens with',
        querystring: Type.Object({
          slice_id: Type.Optional(Type.Integer()),
          datasource_id: Type.Optional(Type.Integer()),
          datasource_type: Type.Optional(Type.String()),
          permalink_key: Type.Optional(Type.String()),
          form_data_key: Type.Optional(Type.String()),
        }),
        response: { 200: ExploreResponse, 403: ExploreForbidden, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => ({ result: await getExplore(db, request.principal!, request.query) }),
  );

  app.post(
    '/api/v1/explore/permalink',
    {
      config: { access: access.can('can_write', 'ExplorePermalinkRestApi') },
      schema: {
        tags,
        summary: 'Store the state of an explore view under a new permanent key',
        body: Type.Object(
          { formData: Type.Optional(Type.Unknown()), urlParams: Type.Optional(Type.Unknown()) },
          { additionalProperties: true },
        ),
        response: { 201: Type.Object({ key: Type.String(), url: Type.String() }), ...errors },
      },
    },
    async (request, reply) => {
      const key = await createExplorePermalink(db, request.principal!, request.body);
      const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
      return reply.code(201).send({ key, url: `${origin}/superset/explore/p/${key}/` });
    },
  );

  app.get(
    '/api/v1/explore/permalink/:key',
    {
      config: { access: access.can('can_read', 'ExplorePermalinkRestApi') },
      schema: {
        tags,
        params: Type.Object({ key: Type.String({ maxLength: 64 }) }),
        response: { 200: PermalinkState, ...errors },
      },
    },
    async (request) => getExplorePermalink(db, request.principal!, request.params.key),
  );

  app.get(
    '/api/v1/form_data/',
    {
      config: { access: access.can('can_query_form_data', 'Api') },
      schema: {
        tags,
        summary: "A saved chart's form data ({} when there is no such chart)",
        querystring: Type.Object({ slice_id: Type.Optional(Type.String()) }),
        response: { 200: AnyObject, ...errors },
      },
    },
    async (request) => {
      const text = request.query.slice_id;
      return chartFormDataFor(db, request.principal!, text && /^\d+$/.test(text) ? Number(text) : undefined);
    },
  );

  app.get(
    '/superset/fetch_datasource_metadata',
    {
      config: { access: access.can('can_fetch_datasource_metadata', 'Superset') },
      schema: {
        tags,
        summary: 'The dataset as explore needs it, by its key such as 3__table',
        querystring: Type.Object({ datasourceKey: Type.String() }),
        response: { 200: AnyObject, 400: LegacyFailure, 404: LegacyFailure, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const key = parseDatasourceKey(request.query.datasourceKey);
      if (!key) throw new LegacyHttpError(400, 'The datasource key must look like 3__table');
      const row = await findDatasetRow(db, key.id, key.type);
      if (!row) throw new LegacyHttpError(404, 'The data source seems to have been deleted');
      const { dataset } = await accessibleDataset(db, request.principal!, row);
      return exploreDataset(db, dataset);
    },
  );

  app.get(
    '/api/v1/datasource/:datasource_type/:datasource_id/column/:column_name/values/',
    {
      config: { access: access.can('can_get_column_values', 'Datasource') },
      schema: {
        tags: ['Datasources'],
        summary: 'Distinct values of a column (the first 1000 in order), for filter suggestions',
        params: Type.Object({
          datasource_type: Type.String(),
          datasource_id: Type.Integer(),
          column_name: Type.String(),
        }),
        response: {
          200: Type.Object({ result: Type.Array(Type.Unknown()) }),
          400: DataFailure,
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => ({
      result: await columnValues(
        ctx,
        request.principal!,
        { type: request.params.datasource_type, id: request.params.datasource_id },
        request.params.column_name,
      ),
    }),
  );
};
