import { CurrentUserResponse, CurrentUserRolesResponse, UpdateMeRequest } from '@vitrina/common/api/me';
import { access } from '../../http/access.ts';
import { ErrorBodySchema } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { currentUser, currentUserWithRoles, guestWithRoles, updateMe } from './service.ts';

/** The logged-in user: who they are, their roles with permission pairs, their own settings. */
export const meRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/v1/me/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['Current user'],
        response: { 200: CurrentUserResponse, 401: ErrorBodySchema },
      },
    },
    async (request) => ({ result: await currentUser(ctx.metastore.db, request.principal!.id) }),
  );

  app.get(
    '/api/v1/me/roles/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['Current user'],
        response: { 200: CurrentUserRolesResponse, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const principal = request.principal!;
      // An embedded dashboard's guest has no user row: its token's name and the guest role's pairs.
      if (principal.guest) return { result: guestWithRoles(principal, principal.guest) };
      return { result: await currentUserWithRoles(ctx.metastore.db, principal.id) };
    },
  );

  app.put(
    '/api/v1/me/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['Current user'],
        body: UpdateMeRequest,
        response: { 200: CurrentUserResponse, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({ result: await updateMe(ctx.metastore.db, request.principal!.id, request.body) }),
  );
};
