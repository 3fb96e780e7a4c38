import { decodeRison, encodeRison, LIST_KEYS, type ListKey } from '@vitrina/common';
import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { BadRequestError } from '../../http/errors.ts';
import {
  isSafePage,
  ListQuerystring,
  listResponseSchema,
  OPTIONS_PAGE_SIZE,
  parseListArgument,
  prettify,
  projectRow,
} from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { createDataset, duplicateDataset, getOrCreateDataset } from './create.ts';
import { deleteColumn, deleteDatasets, deleteMetric } from './delete.ts';
import { SHOW_COLUMNS, SHOW_TOP_LEVEL } from './presenter.ts';
import { distinctSchemas, getDataset, listDatasets, relatedObjects, relatedOptions } from './reads.ts';
import { refreshDataset } from './refresh.ts';
import { datasetsList } from './repo.ts';
import {
  CreateBody,
  CreateResponse,
  DatasetListItem,
  DistinctResponse,
  DuplicateBody,
  GetOrCreateBody,
  IdOrUuidParams,
  IdParams,
  ItemResponse,
  Message,
  RelatedObjects,
  RelatedResponse,
  ShowResponse,
  UpdateBody,
  UpdateQuerystring,
} from './schemas.ts';
import { updateDataset } from './update.ts';

/** `/api/v1/dataset/` (Superset class `Dataset`): can_read for reads, can_write for changes. */

const errors = errorResponses(400, 401, 403, 404, 422);

function decodeQ(q: string | undefined): unknown {
  if (q === undefined || q === '') return undefined;
  try {
    return decodeRison(q);
  } catch {
    throw new BadRequestError('Not a valid rison argument');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Superset's clients filter certified datasets with `(col:id,opr:dataset_is_certified,value:!t)`; the id
 * column is numeric, so the boolean is passed on as 1/0.
 */
export function normaliseListQ(q: string | undefined): string | undefined {
  const value = q === undefined || q === '' ? undefined : safeDecode(q);
  if (!isRecord(value) || !Array.isArray(value.filters)) return q;
  let changed = false;
  const filters = value.filters.map((filter: unknown) => {
    if (isRecord(filter) && filter.opr === 'dataset_is_certified' && typeof filter.value === 'boolean') {
      changed = true;
      return { ...filter, value: filter.value ? 1 : 0 };
    }
    return filter;
  });
  return changed ? encodeRison({ ...value, filters }) : q;
}

function safeDecode(q: string): unknown {
  try {
    return decodeRison(q);
  } catch {
    return undefined;
  }
}

/** `?q=(columns:!(…),keys:!(…))` of the show endpoint, checked against the show columns. */
function showArguments(q: string | undefined): { columns: string[] | null; keys: ListKey[] | 'all' } {
  const value = decodeQ(q);
  if (value === undefined) return { columns: null, keys: 'all' };
  if (!isRecord(value)) throw new BadRequestError('Not a valid rison argument: q must be an object');
  for (const name of Object.keys(value)) {
    if (name !== 'columns' && name !== 'keys') throw new BadRequestError(`Unknown argument '${name}'`);
  }
  let columns: string[] | null = null;
  if (value.columns !== undefined) {
    if (!Array.isArray(value.columns)) throw new BadRequestError('columns must be a list such as !(id,name)');
    for (const column of value.columns) {
      if (typeof column !== 'string' || !(SHOW_COLUMNS.includes(column) || SHOW_TOP_LEVEL.has(column))) {
        throw new BadRequestError(`Unknown column '${String(column)}' in columns`);
      }
    }
    columns = value.columns.length > 0 ? [...new Set(value.columns as string[])] : null;
  }
  let keys: ListKey[] | 'all' = 'all';
  if (value.keys !== undefined) {
    if (!Array.isArray(value.keys)) throw new BadRequestError('keys must be a list');
    keys = [];
    for (const key of value.keys) {
      if (key === 'none') continue;
      const mapped = key === 'show_columns' ? 'list_columns' : key === 'show_title' ? 'list_title' : key;
      if (!['list_columns', 'label_columns', 'description_columns', 'list_title'].includes(mapped)) {
        throw new BadRequestError(`Unknown key '${String(key)}' in keys`);
      }
      keys.push(mapped as ListKey);
    }
  }
  return { columns, keys };
}

function idsArgument(q: string | undefined): number[] {
  const value = decodeQ(q);
  if (!Array.isArray(value) || value.length === 0 || !value.every((id) => Number.isInteger(id))) {
    throw new BadRequestError('q must be a list of ids such as !(1,2)');
  }
  return value as number[];
}

function pagingArgument(q: string | undefined): {
  filter: string;
  page: number;
  pageSize: number;
  includeIds: number[];
} {
  const value = decodeQ(q) ?? {};
  if (!isRecord(value)) throw new BadRequestError('Not a valid rison argument: q must be an object');
  const filter = value.filter ?? '';
  const page = value.page ?? 0;
  const pageSize = value.page_size ?? 20;
  const includeIds = value.include_ids ?? [];
  if (
    typeof filter !== 'string' ||
    !Number.isInteger(page) ||
    (page as number) < 0 ||
    !isSafePage(page as number, OPTIONS_PAGE_SIZE) ||
    !Number.isInteger(pageSize) ||
    (pageSize as number) < 1 ||
    !Array.isArray(includeIds) ||
    !includeIds.every((id) => Number.isInteger(id))
  ) {
    throw new BadRequestError('Not a valid rison argument: (filter, page, page_size, include_ids)');
  }
  return {
    filter,
    page: page as number,
    pageSize: Math.min(pageSize as number, OPTIONS_PAGE_SIZE),
    includeIds: includeIds as number[],
  };
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
        response: { 200: listResponseSchema(DatasetListItem), ...errors },
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
        response: { 200: ShowResponse, ...errors },
      },
    },
    async (request) => {
      const args = showArguments(request.query.q);
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
      schema: { tags, body: CreateBody, response: { 201: CreateResponse, ...errors } },
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
        querystring: UpdateQuerystring,
        body: UpdateBody,
        response: { 200: ItemResponse, ...errors },
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
      schema: { tags, params: IdParams, response: { 200: Message, ...errors } },
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
      schema: { tags, querystring: ListQuerystring, response: { 200: Message, ...errors } },
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
      schema: { tags, body: DuplicateBody, response: { 201: CreateResponse, ...errors } },
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
        body: GetOrCreateBody,
        response: { 200: Type.Object({ result: Type.Object({ table_id: Type.Integer() }) }), ...errors },
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
      schema: { tags, params: IdOrUuidParams, response: { 200: RelatedObjects, ...errors } },
    },
    async (request) => relatedObjects(db, request.principal!, request.params.id),
  );

  app.put(
    '/api/v1/dataset/:id/refresh',
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: Message, ...errors } },
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
        params: Type.Object({ id: Type.Integer(), column_id: Type.Integer() }),
        response: { 200: Message, ...errors },
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
        params: Type.Object({ id: Type.Integer(), metric_id: Type.Integer() }),
        response: { 200: Message, ...errors },
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
        params: Type.Object({ field: Type.String() }),
        querystring: ListQuerystring,
        response: { 200: DistinctResponse, ...errors },
      },
    },
    async (request) => {
      if (request.params.field !== 'schema')
        throw new BadRequestError(`Cannot list distinct '${request.params.field}'`);
      return distinctSchemas(db, request.principal!, pagingArgument(request.query.q));
    },
  );

  app.get(
    '/api/v1/dataset/related/:field',
    {
      config: canRead,
      schema: {
        tags,
        params: Type.Object({ field: Type.String() }),
        querystring: ListQuerystring,
        response: { 200: RelatedResponse, ...errors },
      },
    },
    async (request) =>
      relatedOptions(db, request.principal!, request.params.field, pagingArgument(request.query.q)),
  );
};
