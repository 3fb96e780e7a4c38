import { ListQuerystring } from '@vitrina/common/api/list';
import {
  PermissionViewListResponse,
  RoleItemResponse,
  RoleListResponse,
  RolePermissionListResponse,
  RolePermissionsRequest,
  RolePermissionsResponse,
  RoleWriteRequest,
} from '@vitrina/common/api/security';
import { IdParams, MessageResponse as Message } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { permissionsList, rolesList } from './repo.ts';
import * as service from './service.ts';

/**
 * `/api/v1/security/roles/` and `/api/v1/security/permissions-resources/`: FAB's roles API, Admin only
 * (can_read / can_write on Role).
 */

// Errors answer the one error shape of the whole API.
const errors = errorResponses(400, 401, 403);

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
        response: { 200: RoleListResponse, ...errors },
      },
    },
    async (request) => service.listRoles(db, parseListArgument(request.query.q, rolesList)),
  );

  app.get(
    '/api/v1/security/roles/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        response: { 200: RoleItemResponse, ...errorResponses(404), ...errors },
      },
    },
    async (request) => ({ id: request.params.id, result: await service.getRole(db, request.params.id) }),
  );

  app.post(
    '/api/v1/security/roles/',
    {
      config: canWrite,
      schema: {
        tags,
        body: RoleWriteRequest,
        response: { 201: RoleItemResponse, ...errorResponses(422), ...errors },
      },
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
        body: RoleWriteRequest,
        response: { 200: RoleItemResponse, ...errorResponses(404, 422), ...errors },
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
        response: { 200: Message, ...errorResponses(404, 422), ...errors },
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
        response: {
          200: RolePermissionListResponse,
          ...errorResponses(404),
          ...errors,
        },
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
        body: RolePermissionsRequest,
        response: { 200: RolePermissionsResponse, ...errorResponses(404, 422), ...errors },
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
        response: { 200: PermissionViewListResponse, ...errors },
      },
    },
    async (request) => service.listPermissionPairs(db, parseListArgument(request.query.q, permissionsList)),
  );
};
