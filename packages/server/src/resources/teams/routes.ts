import { IdParams } from '@vitrina/common/api/shared';
import {
  MemberCandidateListResponse,
  MembershipRequest,
  NewTeamRequest,
  TeamChangesRequest,
  TeamItemResponse,
  TeamListResponse,
} from '@vitrina/common/api/teams';
import { access } from '../../http/access.ts';
import { ListQuerystring, parseListArgument } from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { memberCandidatesList, teamsList } from './repo.ts';
import * as service from './service.ts';

/**
 * `/api/v1/team/`: the team search every onboarding person uses (anyone signed in, since someone without
 * roles onboards too: names, slugs, roles and a member count only) and the administrators' team screens
 * (can_write Team: members, create, edit, add and remove members, the user search for adding them).
 */
export const teamRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Teams'];
  const signedIn = { access: access.authenticated() };
  const canAdminister = { access: access.can('can_write', 'Team') };

  app.get(
    '/api/v1/team/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Teams filtered by name, slug, id or franchisee flag; an empty list when none match',
        querystring: ListQuerystring,
        response: { 200: TeamListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listTeams(db, parseListArgument(request.query.q, teamsList)),
  );

  app.get(
    '/api/v1/team/users/',
    {
      config: canAdminister,
      schema: {
        tags,
        summary: 'People to add to a team, searched by name or email (filter name, opr usr_name)',
        querystring: ListQuerystring,
        response: { 200: MemberCandidateListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.listMemberCandidates(db, parseListArgument(request.query.q, memberCandidatesList)),
  );

  app.get(
    '/api/v1/team/:id',
    {
      config: canAdminister,
      schema: {
        tags,
        params: IdParams,
        response: { 200: TeamItemResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ id: request.params.id, result: await service.getTeam(db, request.params.id) }),
  );

  app.post(
    '/api/v1/team/',
    {
      config: canAdminister,
      schema: {
        tags,
        body: NewTeamRequest,
        response: { 201: TeamItemResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const team = await service.createTeam(db, {
        ...request.body,
        is_external: Boolean(request.body.is_external),
      });
      return reply.code(201).send({ id: team.id, result: team });
    },
  );

  app.put(
    '/api/v1/team/:id',
    {
      config: canAdminister,
      schema: {
        tags,
        params: IdParams,
        body: TeamChangesRequest,
        response: { 200: TeamItemResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      id: request.params.id,
      result: await service.updateTeam(db, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/v1/team/add_user',
    {
      config: canAdminister,
      schema: {
        tags,
        summary: "Adds a member and grants them the team's roles",
        body: MembershipRequest,
        response: { 200: TeamItemResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      id: request.body.team_id,
      result: await service.addUser(db, request.body.team_id, request.body.user_id),
    }),
  );

  app.post(
    '/api/v1/team/remove_user',
    {
      config: canAdminister,
      schema: {
        tags,
        summary: "Removes a member and the team's roles they hold through no other team",
        body: MembershipRequest,
        response: { 200: TeamItemResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      id: request.body.team_id,
      result: await service.removeUser(db, request.body.team_id, request.body.user_id),
    }),
  );
};
