import {
  MyStatementsResponse,
  StatementDecision,
  StatementFiled,
  StatementItemResponse,
  StatementListResponse,
  StatementRequest,
} from '@vitrina/common/api/onboarding';
import { IdParams } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { ListQuerystring, parseListArgument } from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { statementsList, statementsOfUser } from './repo.ts';
import * as service from './service.ts';

/**
 * `/api/v1/statement/`: access requests. Anyone signed in may file their own, roles or not (onboarding is
 * how someone without roles gets them) and list them on `/api/v1/me/statements`; administrators list,
 * read and decide them (can_read / can_write Statement).
 */
export const statementRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Onboarding requests'];

  app.post(
    '/api/v1/statement/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags,
        summary:
          "Files the caller's request and finishes their onboarding; joining an existing team is approved at once",
        body: StatementRequest,
        response: { 201: StatementFiled, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { id, is_onboarding_finished, state } = await service.createStatement(
        db,
        request.principal!.id,
        request.body,
      );
      return reply.code(201).send({ id, result: { is_onboarding_finished, state } });
    },
  );

  app.get(
    '/api/v1/statement/',
    {
      config: { access: access.can('can_read', 'Statement') },
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: StatementListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listStatements(db, parseListArgument(request.query.q, statementsList)),
  );

  app.get(
    '/api/v1/statement/:id',
    {
      config: { access: access.can('can_read', 'Statement') },
      schema: {
        tags,
        params: IdParams,
        response: { 200: StatementItemResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ id: request.params.id, result: await service.getStatement(db, request.params.id) }),
  );

  app.put(
    '/api/v1/statement/:id',
    {
      config: { access: access.can('can_write', 'Statement') },
      schema: {
        tags,
        summary:
          'Approves (team created when new, person moved into it, requested and team roles granted) or declines an open request',
        params: IdParams,
        body: StatementDecision,
        response: { 200: StatementItemResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      id: request.params.id,
      result: await service.decideStatement(db, request.principal!.id, request.params.id, request.body),
    }),
  );

  // The caller's own requests, listed in the onboarding section of the API document as before.
  app.get(
    '/api/v1/me/statements',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['Onboarding'],
        summary: "The caller's requests, newest first",
        response: { 200: MyStatementsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ result: { statements: await statementsOfUser(db, request.principal!.id) } }),
  );
};
