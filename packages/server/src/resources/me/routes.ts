import { LANGUAGES, type LanguageCode } from '@vitrina/common';
import {
  type CurrentUser,
  CurrentUserResponse,
  CurrentUserRolesResponse,
  UpdateMeRequest,
} from '@vitrina/common/api/me';
import { access } from '../../http/access.ts';
import { NotAuthorizedError } from '../../http/errors.ts';
import { ErrorBodySchema } from '../../http/schemas.ts';
import type { AppContext, RouteModule } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { rolePermissionPairs } from '../../security/principal.ts';

function asLanguage(value: string): LanguageCode {
  return LANGUAGES.find((code) => code === value) ?? 'en';
}

async function currentUser(ctx: AppContext, userId: number): Promise<CurrentUser> {
  const user = await ctx.metastore.db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'email', 'active', 'preferred_language'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new NotAuthorizedError();
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_active: user.active === 1,
    is_anonymous: false,
    preferred_language: asLanguage(user.preferred_language),
  };
}

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
    async (request) => ({ result: await currentUser(ctx, request.principal!.id) }),
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
      const userId = request.principal!.id;
      const [user, roles] = await Promise.all([
        currentUser(ctx, userId),
        rolePermissionPairs(ctx.metastore.db, userId),
      ]);
      return { result: { ...user, roles } };
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
    async (request) => {
      const userId = request.principal!.id;
      const { first_name, last_name, preferred_language } = request.body;
      const changes = {
        ...(first_name !== undefined && { first_name: first_name.trim() }),
        ...(last_name !== undefined && { last_name: last_name.trim() }),
        ...(preferred_language !== undefined && { preferred_language }),
      };
      if (Object.keys(changes).length > 0) {
        await ctx.metastore.db
          .updateTable('users')
          .set({ ...changes, changed_on: nowIso() })
          .where('id', '=', userId)
          .execute();
      }
      return { result: await currentUser(ctx, userId) };
    },
  );
};
