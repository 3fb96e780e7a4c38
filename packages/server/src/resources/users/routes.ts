import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { ListQuerystring, listResponseSchema, parseListArgument } from '../../http/listEndpoint.ts';
import type { RouteModule } from '../../http/types.ts';
import { findLiveSession } from '../../security/sessionStore.ts';
import { startBrowserSession } from '../auth/browserSession.ts';
import { usersList } from './repo.ts';
import * as service from './service.ts';

/** `/api/v1/security/users/`: FAB's users API, Admin only (can_read / can_write on User). */

const Message = Type.Object({ message: Type.String() });
const FieldMessages = Type.Object({
  message: Type.Union([Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))]),
});
const errors = { 400: FieldMessages, 401: Message, 403: Message };

const Language = Type.Union([Type.Literal('en'), Type.Literal('ru')]);
const RoleRef = Type.Object({ id: Type.Integer(), name: Type.String() });
const userProperties = {
  id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  active: Type.Boolean(),
  preferred_language: Language,
  roles: Type.Array(RoleRef),
  created_on: Type.String(),
  changed_on: Type.String(),
  last_login: Type.Union([Type.String(), Type.Null()]),
  login_count: Type.Integer(),
  fail_login_count: Type.Integer(),
};
const User = Type.Object(userProperties);
const UserListItem = Type.Partial(
  Type.Object({ ...userProperties, roles: Type.Array(Type.Partial(RoleRef)) }),
);

const writable = {
  username: Type.String({ maxLength: 64 }),
  first_name: Type.String({ maxLength: 64 }),
  last_name: Type.String({ maxLength: 64 }),
  email: Type.String({ maxLength: 320 }),
  active: Type.Optional(Type.Boolean()),
  password: Type.Optional(Type.String({ maxLength: 1024, description: 'At least 8 characters' })),
  roles: Type.Optional(Type.Array(Type.Integer(), { description: 'Role ids; replaces the user’s roles' })),
  preferred_language: Type.Optional(Language),
};
// Every field optional here: the service checks what a create requires, so a missing name is a 422
// naming the field as FAB answers; a PUT changes only the fields it carries.
const UserBody = Type.Partial(Type.Object(writable), { additionalProperties: false });
const IdParams = Type.Object({ id: Type.Integer() });

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
        response: { 200: listResponseSchema(UserListItem), ...errors },
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
        response: { 200: Type.Object({ id: Type.Integer(), result: User }), 404: Message, ...errors },
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
        body: UserBody,
        response: { 201: Type.Object({ id: Type.Integer(), result: User }), 422: FieldMessages, ...errors },
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
        body: UserBody,
        response: {
          200: Type.Object({ id: Type.Integer(), result: User }),
          404: Message,
          422: FieldMessages,
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
        response: { 200: Message, 404: Message, 422: FieldMessages, ...errors },
      },
    },
    async (request) => {
      await service.deleteUser(db, request.params.id, request.principal!.id);
      return { message: 'OK' };
    },
  );
};
