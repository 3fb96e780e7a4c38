import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { ListQuerystring, listResponseSchema, parseListArgument } from '../../http/listEndpoint.ts';
import type { RouteModule } from '../../http/types.ts';
import { permissionsList, rolesList } from './repo.ts';
import * as service from './service.ts';

/**
 * `/api/v1/security/roles/` and `/api/v1/security/permissions-resources/`: FAB's roles API, Admin only
 * (can_read / can_write on Role).
 */

const Message = Type.Object({ message: Type.String() });
const FieldMessages = Type.Object({
  message: Type.Union([Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))]),
});
const errors = { 400: FieldMessages, 401: Message, 403: Message };

const roleProperties = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  user_count: Type.Integer(),
  built_in: Type.Boolean(),
};
const Role = Type.Object(roleProperties);
const RoleItem = Type.Object({ id: Type.Integer(), result: Role });
const RoleBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 64 })),
    description: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
const PermissionViewItem = Type.Partial(
  Type.Object({ id: Type.Integer(), permission: Type.Partial(Named), view_menu: Type.Partial(Named) }),
);
const RolePermission = Type.Object({
  id: Type.Integer(),
  permission_name: Type.String(),
  view_menu_name: Type.String(),
});
const PairIds = Type.Object(
  { permission_view_menu_ids: Type.Array(Type.Integer()) },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.Integer() });

export const roleRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Security: roles'];
  const canRead = { access: access.can('can_read', 'Role') };
  const canWrite = { access: access.can('can_write', 'Role') };

  app.get(
    '/api/v1/security/roles/',
    {
      config: canRead,
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: listResponseSchema(Type.Partial(Role)), ...errors },
      },
    },
    async (request) => service.listRoles(db, parseListArgument(request.query.q, rolesList)),
  );

  app.get(
    '/api/v1/security/roles/:id',
    {
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: RoleItem, 404: Message, ...errors } },
    },
    async (request) => ({ id: request.params.id, result: await service.getRole(db, request.params.id) }),
  );

  app.post(
    '/api/v1/security/roles/',
    {
      config: canWrite,
      schema: { tags, body: RoleBody, response: { 201: RoleItem, 422: FieldMessages, ...errors } },
    },
    async (request, reply) => {
      const role = await service.createRole(db, request.body);
      return reply.code(201).send({ id: role.id, result: role });
    },
  );

  app.put(
    '/api/v1/security/roles/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: RoleBody,
        response: { 200: RoleItem, 404: Message, 422: FieldMessages, ...errors },
      },
    },
    async (request) => {
      const role = await service.updateRole(db, request.params.id, request.body);
      return { id: role.id, result: role };
    },
  );

  app.delete(
    '/api/v1/security/roles/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        response: { 200: Message, 404: Message, 422: FieldMessages, ...errors },
      },
    },
    async (request) => {
      await service.deleteRole(db, request.params.id);
      return { message: 'OK' };
    },
  );

  app.get(
    '/api/v1/security/roles/:id/permissions/',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        response: { 200: Type.Object({ result: Type.Array(RolePermission) }), 404: Message, ...errors },
      },
    },
    async (request) => ({ result: await service.getRolePermissions(db, request.params.id) }),
  );

  app.post(
    '/api/v1/security/roles/:id/permissions',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: PairIds,
        response: { 200: Type.Object({ result: PairIds }), 404: Message, 422: FieldMessages, ...errors },
      },
    },
    async (request) => ({
      result: {
        permission_view_menu_ids: await service.setRolePermissions(
          db,
          request.params.id,
          request.body.permission_view_menu_ids,
        ),
      },
    }),
  );

  app.get(
    '/api/v1/security/permissions-resources/',
    {
      config: canRead,
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: listResponseSchema(PermissionViewItem), ...errors },
      },
    },
    async (request) => service.listPermissionPairs(db, parseListArgument(request.query.q, permissionsList)),
  );
};
