import { ListQuerystring } from '@vitrina/common/api/list';
import { UserItemResponse, UserListResponse, UserWriteRequest } from '@vitrina/common/api/security';
import { IdParams, MessageResponse as Message } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { findLiveSession } from '../../security/sessionStore.ts';
import { startBrowserSession } from '../auth/browserSession.ts';
import { usersList } from './repo.ts';
import * as service from './service.ts';

/** `/api/v1/security/users/`: FAB's users API, Admin only (can_read / can_write on User). */

// Errors answer the one error shape of the whole API.
const errors = errorResponses(400, 401, 403);

export const userRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Security: users'];
  const canRead = { access: access.can('can_read', 'User') };
  const canWrite = { access: access.can('can_write', 'User') };

  app.get(
    '/api/v1/security/users/',
    {
      config: canRead,
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: UserListResponse, ...errors },
      },
    },
    async (request) => service.listUsers(db, parseListArgument(request.query.q, usersList)),
  );

  app.get(
    '/api/v1/security/users/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        response: {
          200: UserItemResponse,
          ...errorResponses(404),
          ...errors,
        },
      },
    },
    async (request) => ({ id: request.params.id, result: await service.getUser(db, request.params.id) }),
  );

  app.post(
    '/api/v1/security/users/',
    {
      config: canWrite,
      schema: {
        tags,
        body: UserWriteRequest,
        response: {
          201: UserItemResponse,
          ...errorResponses(422),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = await service.createUser(db, request.body);
      return reply.code(201).send({ id: user.id, result: user });
    },
  );

  app.put(
    '/api/v1/security/users/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: UserWriteRequest,
        response: {
          200: UserItemResponse,
          ...errorResponses(404, 422),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = await service.updateUser(db, request.params.id, request.body, request.principal!.id);
      // A new password or fewer roles end every session of the user, the browser making the change too;
      // the one who changed their own account stays signed in there, with a new session.
      const self = request.params.id === request.principal!.id && request.authMethod === 'session';
      if (self && request.sessionId && !(await findLiveSession(db, request.sessionId, user.id))) {
        await startBrowserSession(ctx, request, reply, user.id);
      }
      return { id: user.id, result: user };
    },
  );

  app.delete(
    '/api/v1/security/users/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        response: { 200: Message, ...errorResponses(404, 422), ...errors },
      },
    },
    async (request) => {
      await service.deleteUser(db, request.params.id, request.principal!.id);
      return { message: 'OK' };
    },
  );
};
