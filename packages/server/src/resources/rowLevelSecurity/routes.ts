import { ListQuerystring } from '@vitrina/common/api/list';
import {
  RowLevelSecurityItemResponse,
  RowLevelSecurityListResponse,
  RowLevelSecurityWriteRequest,
} from '@vitrina/common/api/rowLevelSecurity';
import { IdParams, MessageResponse, RelatedParams, RelatedResponse } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { NotFoundError } from '../../http/errors.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { idsArgument, relatedArguments } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { relatedRoles, relatedTables, rlsList } from './repo.ts';
import * as service from './service.ts';

/** `/api/v1/rowlevelsecurity/`: Superset's RLSRestApi, Admin only (can_read / can_write on RowLevelSecurity). */

const errors = errorResponses(400, 401, 403, 404, 422);
export const rowLevelSecurityRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Row Level Security'];
  const canRead = { access: access.can('can_read', 'RowLevelSecurity') };
  const canWrite = { access: access.can('can_write', 'RowLevelSecurity') };
  const base = '/api/v1/rowlevelsecurity/';

  app.get(
    base,
    {
      config: canRead,
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: RowLevelSecurityListResponse, ...errors },
      },
    },
    async (request) => service.listFilters(db, parseListArgument(request.query.q, rlsList)),
  );

  app.get(
    `${base}:id`,
    {
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: RowLevelSecurityItemResponse, ...errors } },
    },
    async (request) => ({ id: request.params.id, result: await service.getFilter(db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: canWrite,
      schema: {
        tags,
        body: RowLevelSecurityWriteRequest,
        response: { 201: RowLevelSecurityItemResponse, ...errors },
      },
    },
    async (request, reply) => {
      const filter = await service.createFilter(db, request.body, request.principal!.id);
      return reply.code(201).send({ id: filter.id, result: filter });
    },
  );

  app.put(
    `${base}:id`,
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: RowLevelSecurityWriteRequest,
        response: { 200: RowLevelSecurityItemResponse, ...errors },
      },
    },
    async (request) => {
      const filter = await service.updateFilter(db, request.params.id, request.body, request.principal!.id);
      return { id: filter.id, result: filter };
    },
  );

  app.delete(
    `${base}:id`,
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await service.deleteFilters(db, [request.params.id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    base,
    {
      config: canWrite,
      schema: { tags, querystring: ListQuerystring, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const ids = [...new Set(idsArgument(request.query.q))];
      await service.deleteFilters(db, ids);
      return { message: ids.length === 1 ? 'Deleted 1 rule' : `Deleted ${ids.length} rules` };
    },
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
      const args = relatedArguments(request.query.q);
      if (request.params.field === 'tables') return relatedTables(db, args);
      if (request.params.field === 'roles') return relatedRoles(db, args);
      throw new NotFoundError();
    },
  );
};
