import { parseTaggedObjectType, TAGGED_OBJECT_TYPE_NAMES, type TaggedObjectType } from '@vitrina/common';
import { ListQuerystring } from '@vitrina/common/api/list';
import {
  FavoriteStatusResponse,
  IdParams,
  InfoResponse,
  MessageResponse as Message,
  OkResultResponse,
  RelatedParams,
  RelatedResponse,
} from '@vitrina/common/api/shared';
import {
  TagBulkCreateBody,
  TagBulkCreateResponse,
  TaggedObjectParams,
  TaggedObjectsQuerystring,
  TaggedObjectsResponse,
  TaggedObjectTagParams,
  TagItemResponse,
  TagListResponse,
  TagObjectBody,
  TagObjectResponse,
  TagWriteBody,
  TagWriteResponse,
} from '@vitrina/common/api/tag';
import { access } from '../../http/access.ts';
import { BadRequestError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { decodeQ, idsArgument, infoArguments, relatedArguments } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { infoResponse } from '../charts/info.ts';
import { relatedOptions } from '../datasets/reads.ts';
import { type ObjectRef, parseBulkCreate, parseObjectTags, parseTagInput } from './input.ts';
import { tagsList } from './repo.ts';
import * as service from './service.ts';

/**
 * `/api/v1/tag/` (Superset's TagRestApi, class permission `Tag`): tags, the calls that tag and untag one
 * object, the objects carrying tags (`get_objects`) and tag stars. The API answers whatever the
 * TAGGING_SYSTEM flag says, as Superset's does; the flag hides tags in the web app.
 */

const errors = errorResponses(400, 401, 403, 404, 422);
const RELATED_FIELDS = new Set(['created_by', 'changed_by']);

const INFO_FIELDS = [
  { name: 'name', label: 'Name', description: '', required: true, type: 'String' },
  { name: 'description', label: 'Description', description: '', required: false, type: 'String' },
];

/** Superset's answer when a tagging call names no object type it knows, or object 0. */
const INVALID_TAG = 'Invalid tag';

function objectRef(params: { object_type: string; object_id: number }): ObjectRef {
  const type = parseTaggedObjectType(params.object_type);
  if (type === undefined || params.object_id < 1) throw new UnprocessableError(INVALID_TAG);
  return { type, id: params.object_id };
}

/** `types=dashboard,chart,query`: the object types get_objects answers; none given: every type. */
function typesArgument(text: string | undefined): TaggedObjectType[] {
  const parts = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return TAGGED_OBJECT_TYPE_NAMES;
  const types = parts.map(parseTaggedObjectType);
  if (types.some((type) => type === undefined)) {
    throw new BadRequestError(`types must name object types among ${TAGGED_OBJECT_TYPE_NAMES.join(', ')}`);
  }
  return [...new Set(types as TaggedObjectType[])];
}

/** `DELETE /api/v1/tag/?q=!('a','b')`: the tag names. */
function namesArgument(q: string | undefined): string[] {
  const value = decodeQ(q);
  if (!Array.isArray(value) || value.length === 0 || !value.every((name) => typeof name === 'string')) {
    throw new BadRequestError("q must be a list of tag names such as !('a','b')");
  }
  return value as string[];
}

export const tagRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Tags'];
  const canRead = { access: access.can('can_read', 'Tag') };
  const canWrite = { access: access.can('can_write', 'Tag') };
  const canBulkCreate = { access: access.can('can_bulk_create', 'Tag') };
  const base = '/api/v1/tag/';

  app.get(
    base,
    {
      config: canRead,
      schema: {
        tags,
        summary: 'Custom tags, filtered, ordered and paged by a rison q',
        querystring: ListQuerystring,
        response: { 200: TagListResponse, ...errors },
      },
    },
    async (request) => service.listTags(ctx, parseListArgument(request.query.q, tagsList)),
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
        { view: 'Tag', spec: tagsList.spec, fields: INFO_FIELDS, addTitle: 'Add Tag', editTitle: 'Edit Tag' },
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
    `${base}get_objects/`,
    {
      config: canRead,
      schema: {
        tags,
        summary:
          'The objects carrying tags (tagIds wins over tags; neither: every tag) that the caller may open',
        querystring: TaggedObjectsQuerystring,
        response: { 200: TaggedObjectsResponse, ...errors },
      },
    },
    async (request) => {
      const selection = service.tagSelection(request.query.tagIds, request.query.tags);
      const types = typesArgument(request.query.types);
      return { result: await service.taggedObjects(ctx, request.principal!, selection, types) };
    },
  );

  app.get(
    `${base}favorite_status/`,
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: FavoriteStatusResponse, ...errors } },
    },
    async (request) => ({
      result: await service.tagFavoriteStatus(ctx, request.principal!, idsArgument(request.query.q)),
    }),
  );

  for (const [method, starred] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${base}:id/favorites/`,
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: OkResultResponse, ...errors } },
      handler: async (request) => {
        await service.starTag(ctx, request.principal!, (request.params as { id: number }).id, starred);
        return { result: 'OK' };
      },
    });
  }

  app.get(
    `${base}:id`,
    {
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: TagItemResponse, ...errors } },
    },
    async (request) => ({ id: request.params.id, result: await service.getTag(ctx, request.params.id) }),
  );

  app.post(
    base,
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Finds or makes a custom tag; objects_to_tag ([type, id] pairs) become what carries it',
        body: TagWriteBody,
        response: { 201: TagWriteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const input = parseTagInput(request.body);
      const id = await service.createTag(ctx, request.principal!, input);
      return reply.code(201).send({ id, result: request.body as Record<string, unknown> });
    },
  );

  app.post(
    `${base}bulk_create`,
    {
      config: canBulkCreate,
      schema: {
        tags,
        summary: 'Makes the tags that are missing and adds each to its objects (never removes)',
        body: TagBulkCreateBody,
        response: { 200: TagBulkCreateResponse, ...errors },
      },
    },
    async (request) => ({
      result: await service.bulkCreate(ctx, request.principal!, parseBulkCreate(request.body)),
    }),
  );

  app.put(
    `${base}:id`,
    {
      config: canWrite,
      schema: { tags, params: IdParams, body: TagWriteBody, response: { 200: TagWriteResponse, ...errors } },
    },
    async (request) => {
      const input = parseTagInput(request.body);
      await service.updateTag(ctx, request.principal!, request.params.id, input);
      return { id: request.params.id, result: request.body as Record<string, unknown> };
    },
  );

  app.delete(
    `${base}:id`,
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: Message, ...errors } },
    },
    async (request) => {
      await service.deleteTag(ctx, request.principal!, request.params.id);
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
      const count = await service.deleteTagsByName(ctx, request.principal!, namesArgument(request.query.q));
      return { message: `Deleted ${count} tags` };
    },
  );

  app.post(
    `${base}:object_type/:object_id/`,
    {
      config: canWrite,
      schema: {
        tags,
        summary:
          "Puts tags on an object the caller may change (its type by Superset's number or name), making missing ones",
        params: TaggedObjectParams,
        body: TagObjectBody,
        response: { 201: TagObjectResponse, ...errors },
      },
    },
    async (request, reply) => {
      const names = parseObjectTags(request.body);
      await service.tagObject(ctx, request.principal!, objectRef(request.params), names);
      return reply.code(201).send({});
    },
  );

  app.delete(
    `${base}:object_type/:object_id/:tag/`,
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Takes a tag (by name) off an object the caller may change',
        params: TaggedObjectTagParams,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      await service.untagObject(ctx, request.principal!, objectRef(request.params), request.params.tag);
      return { message: 'OK' };
    },
  );
};
