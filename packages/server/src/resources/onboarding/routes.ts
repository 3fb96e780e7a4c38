import {
  DodoRoleRequest,
  DodoRoleResponse,
  MyTeamResponse,
  OnboardingResponse,
} from '@vitrina/common/api/onboarding';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import * as service from './service.ts';

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
        response: { 200: OnboardingResponse, ...errorResponses(401, 403) },
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
        body: DodoRoleRequest,
        response: { 200: DodoRoleResponse, ...errorResponses(400, 401, 403, 422) },
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
        response: { 200: MyTeamResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ result: await service.myTeam(db, request.principal!.id) }),
  );
};
