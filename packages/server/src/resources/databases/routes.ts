import {
  AvailableEnginesResponse,
  DatabaseBrowseQuerystring,
  DatabaseConnectionResponse,
  DatabaseItemResponse,
  DatabaseListResponse,
  DatabaseWriteRequest,
  FunctionNamesResponse,
  NamesResponse,
  SelectStarInSchemaParams,
  SelectStarParams,
  SelectStarResponse,
  TableExtraMetadataResponse,
  TableMetadataResponse,
  TableQuerystring,
  TablesResponse,
} from '@vitrina/common/api/database';
import { ListQuerystring } from '@vitrina/common/api/list';
import { IdParams, MessageResponse } from '@vitrina/common/api/shared';
import type { TSchema } from 'typebox';
import { closeDatabaseConnections } from '../../connections/connections.ts';
import { availableEngines } from '../../connections/describe.ts';
import { access } from '../../http/access.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { syncDatabasePermissions } from '../../security/dataAccess.ts';
import * as browse from './browse.ts';
import { databasesList } from './repo.ts';
import * as service from './service.ts';

/**
 * `/api/v1/database/` (Superset class `Database`): connections, their test, the engines on offer, and
 * browsing a database's catalogs, schemas and tables. Every schema is declared property by property: the
 * serializer drops anything else, so a password can't leak through a response.
 */

const tableArgs = (query: { name: string; schema?: string; catalog?: string }): browse.TableArgs => ({
  name: query.name,
  schema: query.schema || null,
  catalog: query.catalog || null,
});

export const databaseRoutes: RouteModule = async (app, ctx) => {
  const tags = ['Database'];
  const canRead = { access: access.can('can_read', 'Database') };
  const canWrite = { access: access.can('can_write', 'Database') };
  app.addHook('onClose', async () => closeDatabaseConnections(ctx));
  await syncDatabasePermissions(ctx.metastore.db);

  app.get(
    '/api/v1/database/',
    {
      config: canRead,
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: DatabaseListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.listDatabases(ctx, request.principal!, parseListArgument(request.query.q, databasesList)),
  );

  app.get(
    '/api/v1/database/available/',
    {
      config: canRead,
      schema: { tags, response: { 200: AvailableEnginesResponse, ...errorResponses(401, 403) } },
    },
    async () => ({ databases: availableEngines() }),
  );

  app.post(
    '/api/v1/database/test_connection/',
    {
      config: canWrite,
      schema: {
        tags,
        body: DatabaseWriteRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      await service.testConnection(ctx, request.principal!, request.body);
      return { message: 'OK' };
    },
  );

  app.get(
    '/api/v1/database/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        response: { 200: DatabaseItemResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      id: request.params.id,
      result: await service.getDatabase(ctx, request.principal!, request.params.id),
    }),
  );

  app.get(
    '/api/v1/database/:id/connection',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        response: { 200: DatabaseConnectionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      id: request.params.id,
      result: {
        ...(await service.getDatabase(ctx, request.principal!, request.params.id)),
        masked_encrypted_extra: null,
        server_cert: null,
        ssh_tunnel: null,
      },
    }),
  );

  app.post(
    '/api/v1/database/',
    {
      config: canWrite,
      schema: {
        tags,
        body: DatabaseWriteRequest,
        response: { 201: DatabaseItemResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const database = await service.createDatabase(ctx, request.principal!, request.body);
      return reply.code(201).send({ id: database.id, result: database });
    },
  );

  app.put(
    '/api/v1/database/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: DatabaseWriteRequest,
        response: { 200: DatabaseItemResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const database = await service.updateDatabase(ctx, request.principal!, request.params.id, request.body);
      return { id: database.id, result: database };
    },
  );

  app.delete(
    '/api/v1/database/:id',
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await service.deleteDatabase(ctx, request.params.id);
      return { message: 'OK' };
    },
  );

  // ---- browsing -----------------------------------------------------------------------------------

  const browseSchema = (response: TSchema) => ({
    tags,
    params: IdParams,
    querystring: DatabaseBrowseQuerystring,
    response: { 200: response, ...errorResponses(400, 401, 403, 404, 422) },
  });

  app.get(
    '/api/v1/database/:id/catalogs/',
    { config: canRead, schema: browseSchema(NamesResponse) },
    async (request) => ({
      result: await browse.catalogs(ctx, request.principal!, request.params.id, request.query.q),
    }),
  );

  app.get(
    '/api/v1/database/:id/schemas/',
    { config: canRead, schema: browseSchema(NamesResponse) },
    async (request) => ({
      result: await browse.schemas(ctx, request.principal!, request.params.id, request.query.q),
    }),
  );

  app.get(
    '/api/v1/database/:id/function_names/',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        response: { 200: FunctionNamesResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      function_names: await browse.functionNamesOf(ctx, request.principal!, request.params.id),
    }),
  );

  app.get(
    '/api/v1/database/:id/tables/',
    {
      config: canRead,
      schema: browseSchema(TablesResponse),
    },
    async (request) => browse.tables(ctx, request.principal!, request.params.id, request.query.q),
  );

  app.get(
    '/api/v1/database/:id/table_metadata/',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        querystring: TableQuerystring,
        response: { 200: TableMetadataResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      browse.tableMetadata(ctx, request.principal!, request.params.id, tableArgs(request.query)),
  );

  app.get(
    '/api/v1/database/:id/table_metadata/extra/',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        querystring: TableQuerystring,
        response: { 200: TableExtraMetadataResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      browse.tableMetadataExtra(ctx, request.principal!, request.params.id, tableArgs(request.query)),
  );

  app.get(
    '/api/v1/database/:id/select_star/:table/',
    {
      config: canRead,
      schema: {
        tags,
        params: SelectStarParams,
        response: { 200: SelectStarResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      result: await browse.selectStar(ctx, request.principal!, request.params.id, {
        name: request.params.table,
        schema: null,
        catalog: null,
      }),
    }),
  );

  app.get(
    '/api/v1/database/:id/select_star/:table/:schema/',
    {
      config: canRead,
      schema: {
        tags,
        params: SelectStarInSchemaParams,
        response: { 200: SelectStarResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      result: await browse.selectStar(ctx, request.principal!, request.params.id, {
        name: request.params.table,
        schema: request.params.schema,
        catalog: null,
      }),
    }),
  );
};
