import {
  ColumnValuesParams,
  ColumnValuesResponse,
  DatasourceMetadataQuerystring,
  DatasourceMetadataResponse,
  ExploreGetResponse,
  ExplorePermalinkRequest,
  ExplorePermalinkState,
  ExploreQuerystring,
  FormDataQuerystring,
  FormDataResponse,
  PermalinkCreated,
  PermalinkKeyParams,
} from '@vitrina/common/api/chart';
import { accessibleDataset, findDatasetRow } from '../../flows/chartData/datasource.ts';
import { LegacyHttpError } from '../../flows/chartData/errors.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
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
        querystring: ExploreQuerystring,
        // A 403 also tells the id of the datasource it is about (Superset's DatasetAccessDeniedError):
        // extra fields beside `message`, which the one error shape allows.
        response: { 200: ExploreGetResponse, ...errors },
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
        body: ExplorePermalinkRequest,
        response: { 201: PermalinkCreated, ...errors },
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
        params: PermalinkKeyParams,
        response: { 200: ExplorePermalinkState, ...errors },
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
        querystring: FormDataQuerystring,
        response: { 200: FormDataResponse, ...errors },
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
        querystring: DatasourceMetadataQuerystring,
        // Failures carry `error` beside `message`, as Superset's json_error_response.
        response: { 200: DatasourceMetadataResponse, ...errors },
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
        params: ColumnValuesParams,
        response: {
          200: ColumnValuesResponse,
          ...errors,
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
