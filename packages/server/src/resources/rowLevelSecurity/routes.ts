import { decodeRison } from '@vitrina/common';
import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import {
  isSafePage,
  ListQuerystring,
  listResponseSchema,
  OPTIONS_PAGE_SIZE,
  parseListArgument,
} from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { relatedRoles, relatedTables, rlsList } from './repo.ts';
import * as service from './service.ts';

/** `/api/v1/rowlevelsecurity/`: Superset's RLSRestApi, Admin only (can_read / can_write on RowLevelSecurity). */

const errors = errorResponses(400, 401, 403, 404, 422);
const Message = Type.Object({ message: Type.String() });

const FilterType = Type.Union([Type.Literal('Regular'), Type.Literal('Base')]);
const TableRef = Type.Object({
  id: Type.Integer(),
  schema: Type.Union([Type.String(), Type.Null()]),
  table_name: Type.String(),
});
const RoleRef = Type.Object({ id: Type.Integer(), name: Type.String() });
const filterProperties = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  filter_type: FilterType,
  tables: Type.Array(TableRef),
  roles: Type.Array(RoleRef),
  group_key: Type.Union([Type.String(), Type.Null()]),
  clause: Type.String(),
};
const RlsFilter = Type.Object(filterProperties);
const RlsListItem = Type.Partial(
  Type.Object({
    ...filterProperties,
    tables: Type.Array(Type.Partial(TableRef)),
    roles: Type.Array(Type.Partial(RoleRef)),
    changed_on: Type.String(),
    changed_on_delta_humanized: Type.String(),
    changed_by: Type.Union([
      Type.Partial(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
      Type.Null(),
    ]),
  }),
);

// Every field optional here: the service checks what a create requires, so a missing or invalid field
// is a 422 naming it; a PUT changes only the fields it carries.
const FilterBody = Type.Partial(
  Type.Object({
    name: Type.String({ maxLength: 1024 }),
    description: Type.Union([Type.String(), Type.Null()]),
    filter_type: Type.String({ description: "'Regular' or 'Base'" }),
    tables: Type.Array(Type.Integer(), { description: 'Dataset ids the filter applies to' }),
    roles: Type.Array(Type.Integer(), {
      description: 'Role ids: Regular filters apply to them, Base filters to everyone else',
    }),
    group_key: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
    clause: Type.String({ description: 'The condition added to the WHERE clause' }),
  }),
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.Integer() });
const ItemResponse = Type.Object({ id: Type.Integer(), result: RlsFilter });
const RelatedResponse = Type.Object({
  count: Type.Integer(),
  result: Type.Array(
    Type.Object({
      value: Type.Integer(),
      text: Type.String(),
      extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  ),
});

function decodeQ(q: string | undefined): unknown {
  if (q === undefined || q === '') return undefined;
  try {
    return decodeRison(q);
  } catch {
    throw new BadRequestError('Not a valid rison argument');
  }
}

/** `?q=!(1,2,3)` of a bulk delete. */
function idsArgument(q: string | undefined): number[] {
  const value = decodeQ(q);
  if (!Array.isArray(value) || value.length === 0 || !value.every((id) => Number.isInteger(id))) {
    throw new BadRequestError('q must be a list of ids such as !(1,2)');
  }
  return value as number[];
}

/** `?q=(filter:'ab',page:0,page_size:25,include_ids:!(3))` of a related endpoint. */
function relatedArgument(q: string | undefined) {
  const value = decodeQ(q) ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError('Not a valid rison argument: q must be an object');
  }
  const { filter = '', page = 0, page_size = 20, include_ids = [] } = value as Record<string, unknown>;
  if (
    typeof filter !== 'string' ||
    !Number.isInteger(page) ||
    (page as number) < 0 ||
    !isSafePage(page as number, OPTIONS_PAGE_SIZE) ||
    !Number.isInteger(page_size) ||
    (page_size as number) < 1 ||
    !Array.isArray(include_ids) ||
    !include_ids.every((id) => Number.isInteger(id))
  ) {
    throw new BadRequestError('Not a valid rison argument: (filter, page, page_size, include_ids)');
  }
  return {
    filter,
    page: page as number,
    pageSize: Math.min(page_size as number, OPTIONS_PAGE_SIZE),
    includeIds: include_ids as number[],
  };
}

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
        response: { 200: listResponseSchema(RlsListItem), ...errors },
      },
    },
    async (request) => service.listFilters(db, parseListArgument(request.query.q, rlsList)),
  );

  app.get(
    `${base}:id`,
    {
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: ItemResponse, ...errors } },
    },
    async (request) => ({ id: request.params.id, result: await service.getFilter(db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: canWrite,
      schema: { tags, body: FilterBody, response: { 201: ItemResponse, ...errors } },
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
      schema: { tags, params: IdParams, body: FilterBody, response: { 200: ItemResponse, ...errors } },
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
      schema: { tags, params: IdParams, response: { 200: Message, ...errors } },
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
      schema: { tags, querystring: ListQuerystring, response: { 200: Message, ...errors } },
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
        params: Type.Object({ field: Type.String() }),
        querystring: ListQuerystring,
        response: { 200: RelatedResponse, ...errors },
      },
    },
    async (request) => {
      const args = relatedArgument(request.query.q);
      if (request.params.field === 'tables') return relatedTables(db, args);
      if (request.params.field === 'roles') return relatedRoles(db, args);
      throw new NotFoundError();
    },
  );
};
