import {
  SessionList,
  SessionParams,
  SessionsEndedResponse,
  SignInLockResponse,
} from '@vitrina/common/api/sessions';
import { MessageResponse as Message, IdParams as UserParams } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { clearBrowserSession } from '../auth/browserSession.ts';
import * as service from './service.ts';

/**
 * Sessions: the caller's own (`/api/v1/me/sessions/`: list, end one, end all others) and, for
 * administrators, a user's (`/api/v1/security/users/:id/sessions`: list, end all) and their sign-in
 * lock (`…/lock`: whether too many failed attempts lock the account; DELETE unlocks).
 */
export const sessionRoutes: RouteModule = (app, ctx) => {
  const mine = { tags: ['Current user'] };
  const admin = { tags: ['Security: users'] };

  app.get(
    '/api/v1/me/sessions/',
    {
      config: { access: access.authenticated() },
      schema: { ...mine, response: { 200: SessionList, ...errorResponses(401) } },
    },
    async (request) => service.sessionsOf(ctx, request, request.principal!.id),
  );

  app.delete(
    '/api/v1/me/sessions/',
    {
      config: { access: access.authenticated() },
      schema: {
        ...mine,
        summary: 'End all of my sessions except this one',
        response: {
          200: SessionsEndedResponse,
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => ({
      message: 'OK',
      count: await service.endOtherOwnSessions(ctx, request, request.principal!.id),
    }),
  );

  app.delete(
    '/api/v1/me/sessions/:session_id',
    {
      config: { access: access.authenticated() },
      schema: {
        ...mine,
        summary: 'End one of my sessions (this one too: that signs out)',
        params: SessionParams,
        response: { 200: Message, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.endOwnSession(ctx, request.principal!.id, request.params.session_id);
      if (request.params.session_id === request.sessionId && request.authMethod === 'session') {
        clearBrowserSession(ctx, reply);
      }
      return { message: 'OK' };
    },
  );

  app.get(
    '/api/v1/security/users/:id/sessions',
    {
      config: { access: access.can('can_read', 'User') },
      schema: {
        ...admin,
        params: UserParams,
        response: { 200: SessionList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.userSessions(ctx, request, request.params.id),
  );

  app.delete(
    '/api/v1/security/users/:id/sessions',
    {
      config: { access: access.can('can_write', 'User') },
      schema: {
        ...admin,
        summary: 'End every session and API token of a user',
        params: UserParams,
        response: { 200: Message, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.endUserSessions(ctx, request.params.id);
      return { message: 'OK' };
    },
  );

  app.get(
    '/api/v1/security/users/:id/lock',
    {
      config: { access: access.can('can_read', 'User') },
      schema: {
        ...admin,
        summary: 'Whether too many failed sign-ins lock the account for now',
        params: UserParams,
        response: {
          200: SignInLockResponse,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ result: { locked: await service.signInLocked(ctx, request.params.id) } }),
  );

  app.delete(
    '/api/v1/security/users/:id/lock',
    {
      config: { access: access.can('can_write', 'User') },
      schema: {
        ...admin,
        summary: 'Let the account sign in again at once (forget its failed attempts)',
        params: UserParams,
        response: { 200: Message, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.unlockSignIn(ctx, request.params.id);
      return { message: 'OK' };
    },
  );
};
