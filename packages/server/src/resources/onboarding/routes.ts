import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import * as service from './service.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const OnboardingInfo = Type.Object({
  id: Type.Integer(),
  is_onboarding_finished: Type.Boolean(),
  onboarding_started_time: Nullable(Type.String()),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  dodo_role: Nullable(Type.String()),
  preferred_language: Type.String(),
  open_by_itself: Type.Boolean(),
});

/**
 * `/api/v1/onboarding/` (the modal's steps) and the caller's own team on `/api/v1/me/` (their requests: statements/routes.ts). Each
 * reads or writes only the caller's own record, and someone without any role must be able to onboard, so
 * they need a signed-in account and nothing more.
 */
export const onboardingRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Onboarding'];

  app.get(
    '/api/v1/onboarding/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags,
        summary: "The caller's onboarding record, created on the first call",
        response: { 200: Type.Object({ result: OnboardingInfo }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: await service.getOnboarding(db, request.principal!.id) }),
  );

  app.put(
    '/api/v1/onboarding/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags,
        summary: 'Step 1: stores the role in Dodo Brands and starts onboarding',
        body: Type.Object({ dodo_role: Type.String({ maxLength: 256 }) }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            result: Type.Object({
              dodo_role: Nullable(Type.String()),
              onboarding_started_time: Nullable(Type.String()),
            }),
          }),
          ...errorResponses(400, 401, 403, 422),
        },
      },
    },
    async (request) => ({
      result: await service.saveDodoRole(db, request.principal!.id, request.body.dodo_role),
    }),
  );

  app.get(
    '/api/v1/me/team',
    {
      config: { access: access.authenticated() },
      schema: {
        tags,
        response: {
          200: Type.Object({
            result: Type.Object({
              id: Type.Integer(),
              email: Type.String(),
              first_name: Type.String(),
              last_name: Type.String(),
              team: Nullable(Type.String()),
              team_slug: Nullable(Type.String()),
            }),
          }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({ result: await service.myTeam(db, request.principal!.id) }),
  );
};
