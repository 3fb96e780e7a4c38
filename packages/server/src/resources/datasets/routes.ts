import { LIST_KEYS } from '@vitrina/common';
import {
  DatasetColumnParams,
  DatasetCreateRequest,
  DatasetCreateResponse,
  DatasetDuplicateRequest,
  DatasetGetOrCreateRequest,
  DatasetGetOrCreateResponse,
  DatasetItemResponse,
  DatasetListResponse,
  DatasetMetricParams,
  DatasetRelatedObjects,
  DatasetShowResponse,
  DatasetUpdateQuerystring,
  DatasetUpdateRequest,
} from '@vitrina/common/api/dataset';
import { ListQuerystring } from '@vitrina/common/api/list';
import {
  DistinctResponse,
  errorResponses,
  IdOrUuidParams,
  IdParams,
  MessageResponse,
  RelatedParams,
  RelatedResponse,
} from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { BadRequestError } from '../../http/errors.ts';
import { parseListArgument, prettify, projectRow } from '../../http/listEndpoint.ts';
import {
  booleansAsNumbers,
  idsArgument,
  relatedArguments,
  showArguments,
} from '../../http/risonArguments.ts';
import type { RouteModule } from '../../http/types.ts';
import { createDataset, duplicateDataset, getOrCreateDataset } from './create.ts';
import { deleteColumn, deleteDatasets, deleteMetric } from './delete.ts';
import { SHOW_COLUMNS } from './presenter.ts';
import { distinctSchemas, getDataset, listDatasets, relatedObjects, relatedOptions } from './reads.ts';
import { refreshDataset } from './refresh.ts';
import { datasetsList } from './repo.ts';
import { updateDataset } from './update.ts';

/** `/api/v1/dataset/` (Superset class `Dataset`): can_read for reads, can_write for changes. */

const errors = errorResponses(400, 401, 403, 404, 422);

/**
 * Superset's clients filter certified datasets with `(col:id,opr:dataset_is_certified,value:!t)`; the id
 * column is numeric, so the boolean is passed on as 1/0.
 */
export function normaliseListQ(q: string | undefined): string | undefined {
  return booleansAsNumbers(q, ['dataset_is_certified']);
}

const truthy = (value: boolean | string | undefined) =>
  value === true ||
  (typeof value === 'string' && ['true', '1', 'yes', 'y', 't'].includes(value.toLowerCase()));

export const datasetRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Datasets'];
  const canRead = { access: access.can('can_read', 'Dataset') };
  const canWrite = { access: access.can('can_write', 'Dataset') };

  app.get(
    '/api/v1/dataset/',
    {
      config: canRead,
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: DatasetListResponse, ...errors },
      },
    },
    async (request) =>
      listDatasets(db, request.principal!, parseListArgument(normaliseListQ(request.query.q), datasetsList)),
  );

  app.get(
    '/api/v1/dataset/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdOrUuidParams,
        querystring: ListQuerystring,
        response: { 200: DatasetShowResponse, ...errors },
      },
    },
    async (request) => {
      const args = showArguments(request.query.q, SHOW_COLUMNS);
      const dataset = await getDataset(db, request.principal!, request.params.id);
      const columns = args.columns ?? [...SHOW_COLUMNS];
      const keys = args.keys === 'all' ? LIST_KEYS.filter((key) => key !== 'order_columns') : args.keys;
      // A top-level name (`columns`, `database`) answers the whole object.
      const result = projectRow(dataset as unknown as Record<string, unknown>, columns);
      return {
        id: dataset.id,
        result,
        ...(keys.includes('list_columns') && { show_columns: columns }),
        ...(keys.includes('label_columns') && {
          label_columns: Object.fromEntries(columns.map((c) => [c, prettify(c)])),
        }),
        ...(keys.includes('description_columns') && { description_columns: {} }),
        ...(keys.includes('list_title') && { show_title: 'Show Sqla Table' }),
      };
    },
  );

  app.post(
    '/api/v1/dataset/',
    {
      config: canWrite,
      schema: { tags, body: DatasetCreateRequest, response: { 201: DatasetCreateResponse, ...errors } },
    },
    async (request, reply) => {
      const dataset = await createDataset(ctx, request.principal!, request.body);
      return reply.code(201).send({ id: dataset.id, result: dataset, data: dataset });
    },
  );

  app.put(
    '/api/v1/dataset/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        querystring: DatasetUpdateQuerystring,
        body: DatasetUpdateRequest,
        response: { 200: DatasetItemResponse, ...errors },
      },
    },
    async (request) => {
      const dataset = await updateDataset(
        ctx,
        request.principal!,
        request.params.id,
        request.body,
        truthy(request.query.override_columns),
      );
      return { id: dataset.id, result: dataset };
    },
  );

  app.delete(
    '/api/v1/dataset/:id',
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await deleteDatasets(db, request.principal!, [request.params.id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    '/api/v1/dataset/',
    {
      config: canWrite,
      schema: { tags, querystring: ListQuerystring, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const ids = idsArgument(request.query.q);
      await deleteDatasets(db, request.principal!, ids);
      return { message: ids.length === 1 ? 'Deleted 1 dataset' : `Deleted ${ids.length} datasets` };
    },
  );

  app.post(
    '/api/v1/dataset/duplicate',
    {
      config: canWrite,
      schema: { tags, body: DatasetDuplicateRequest, response: { 201: DatasetCreateResponse, ...errors } },
    },
    async (request, reply) => {
      const dataset = await duplicateDataset(ctx, request.principal!, request.body);
      return reply.code(201).send({ id: dataset.id, result: dataset, data: dataset });
    },
  );

  app.post(
    '/api/v1/dataset/get_or_create/',
    {
      config: canWrite,
      schema: {
        tags,
        body: DatasetGetOrCreateRequest,
        response: { 200: DatasetGetOrCreateResponse, ...errors },
      },
    },
    async (request) => ({
      result: { table_id: await getOrCreateDataset(ctx, request.principal!, request.body) },
    }),
  );

  app.get(
    '/api/v1/dataset/:id/related_objects',
    {
      config: canRead,
      schema: { tags, params: IdOrUuidParams, response: { 200: DatasetRelatedObjects, ...errors } },
    },
    async (request) => relatedObjects(db, request.principal!, request.params.id),
  );

  app.put(
    '/api/v1/dataset/:id/refresh',
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await refreshDataset(ctx, request.principal!, request.params.id);
      return { message: 'OK' };
    },
  );

  app.delete(
    '/api/v1/dataset/:id/column/:column_id',
    {
      config: canWrite,
      schema: {
        tags,
        params: DatasetColumnParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteColumn(db, request.principal!, request.params.id, request.params.column_id);
      return { message: 'OK' };
    },
  );

  app.delete(
    '/api/v1/dataset/:id/metric/:metric_id',
    {
      config: canWrite,
      schema: {
        tags,
        params: DatasetMetricParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await deleteMetric(db, request.principal!, request.params.id, request.params.metric_id);
      return { message: 'OK' };
    },
  );

  app.get(
    '/api/v1/dataset/distinct/:field',
    {
      config: canRead,
      schema: {
        tags,
        params: RelatedParams,
        querystring: ListQuerystring,
        response: { 200: DistinctResponse, ...errors },
      },
    },
    async (request) => {
      if (request.params.field !== 'schema')
        throw new BadRequestError(`Cannot list distinct '${request.params.field}'`);
      return distinctSchemas(db, request.principal!, relatedArguments(request.query.q));
    },
  );

  app.get(
    '/api/v1/dataset/related/:field',
    {
      config: canRead,
      schema: {
        tags,
        params: RelatedParams,
        querystring: ListQuerystring,
        response: { 200: RelatedResponse, ...errors },
      },
    },
    async (request) =>
      relatedOptions(db, request.principal!, request.params.field, relatedArguments(request.query.q)),
  );
};
