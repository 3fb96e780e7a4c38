import { ListQuerystring } from '@vitrina/common/api/list';
import {
  SavedQueryItemResponse,
  SavedQueryListResponse,
  SavedQueryWriteBody,
} from '@vitrina/common/api/savedQuery';
import {
  DistinctResponse,
  IdParams,
  InfoResponse,
  MessageResponse as Message,
  RelatedParams,
  RelatedResponse,
} from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { NotFoundError } from '../../http/errors.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { idsArgument, infoArguments, relatedArguments } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { infoResponse } from '../charts/info.ts';
import { relatedOptions } from '../datasets/reads.ts';
import { distinctSchemas, savedQueriesList } from './repo.ts';
import * as service from './service.ts';

/** `/api/v1/saved_query/` (Superset's SavedQueryRestApi, class permission `SavedQuery`). */

const errors = errorResponses(400, 401, 403, 404, 422);
const RELATED_FIELDS = new Set(['database', 'created_by', 'changed_by']);

const INFO_FIELDS = [
  { name: 'db_id', label: 'Database', description: '', required: true, type: 'Integer' },
  { name: 'label', label: 'Label', description: '', required: true, type: 'String' },
  { name: 'description', label: 'Description', description: '', required: false, type: 'String' },
  { name: 'catalog', label: 'Catalog', description: '', required: false, type: 'String' },
  { name: 'schema', label: 'Schema', description: '', required: false, type: 'String' },
  { name: 'sql', label: 'SQL', description: '', required: true, type: 'String' },
  {
    name: 'template_parameters',
    label: 'Template Parameters',
    description: '',
    required: false,
    type: 'String',
  },
  { name: 'extra_json', label: 'Extra', description: '', required: false, type: 'String' },
];

export const savedQueryRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Saved Queries'];
  const canRead = { access: access.can('can_read', 'SavedQuery') };
  const canWrite = { access: access.can('can_write', 'SavedQuery') };
  const base = '/api/v1/saved_query/';

  app.get(
    base,
    {
      config: canRead,
      schema: {
        tags,
        summary: "The caller's saved queries (Admin: all), filtered, ordered and paged by a rison q",
        querystring: ListQuerystring,
        response: { 200: SavedQueryListResponse, ...errors },
      },
    },
    async (request) =>
      service.listSavedQueries(db, request.principal!, parseListArgument(request.query.q, savedQueriesList)),
  );

  app.get(
    `${base}_info`,
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: InfoResponse, ...errors } },
    },
    async (request) =>
      infoResponse(
        request.principal!,
        {
          view: 'SavedQuery',
          spec: savedQueriesList.spec,
          fields: INFO_FIELDS,
          addTitle: 'Add Saved Query',
          editTitle: 'Edit Saved Query',
        },
        infoArguments(request.query.q),
      ),
  );

  app.get(
    `${base}related/:field`,
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
    `${base}distinct/:field`,
    {
      config: canRead,
      schema: {
        tags,
        params: RelatedParams,
        querystring: ListQuerystring,
        response: {
          200: DistinctResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      if (request.params.field !== 'schema') throw new NotFoundError();
      const args = relatedArguments(request.query.q);
      const options = await distinctSchemas(db, request.principal!, args.filter);
      return {
        count: options.length,
        result: options.slice(args.page * args.pageSize, (args.page + 1) * args.pageSize),
      };
    },
  );

  app.get(
    `${base}:id`,
    {
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: SavedQueryItemResponse, ...errors } },
    },
    async (request) => ({
      id: request.params.id,
      result: { ...(await service.getSavedQuery(db, request.principal!, request.params.id)) },
    }),
  );

  app.post(
    base,
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Saves a query; client names (dbId, name, templateParams) are accepted too',
        body: SavedQueryWriteBody,
        response: { 201: SavedQueryItemResponse, ...errors },
      },
    },
    async (request, reply) => {
      const input = service.parseSavedQueryInput(request.body, true);
      const id = await service.createSavedQuery(db, request.principal!, input);
      return reply.code(201).send({ id, result: { ...input } });
    },
  );

  app.put(
    `${base}:id`,
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: SavedQueryWriteBody,
        response: { 200: SavedQueryItemResponse, ...errors },
      },
    },
    async (request) => {
      const input = service.parseSavedQueryInput(request.body, false);
      await service.updateSavedQuery(db, request.principal!, request.params.id, input);
      return { id: request.params.id, result: { ...input } };
    },
  );

  app.delete(
    `${base}:id`,
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: Message, ...errors } },
    },
    async (request) => {
      await service.deleteSavedQueries(db, request.principal!, [request.params.id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    base,
    {
      config: canWrite,
      schema: { tags, querystring: ListQuerystring, response: { 200: Message, ...errors } },
    },
    async (request) => {
      const ids = idsArgument(request.query.q);
      await service.deleteSavedQueries(db, request.principal!, ids);
      return { message: `Deleted ${ids.length} saved quer${ids.length === 1 ? 'y' : 'ies'}` };
    },
  );
};
