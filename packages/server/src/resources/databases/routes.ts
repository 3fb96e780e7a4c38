import { Type } from 'typebox';
import { closeDatabaseConnections } from '../../databases/connections.ts';
import { availableEngines } from '../../databases/describe.ts';
import { access } from '../../http/access.ts';
import { ListQuerystring, listResponseSchema, parseListArgument } from '../../http/listEndpoint.ts';
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

const Message = Type.Object({ message: Type.String() });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const UserRefObject = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
});
const UserRef = Nullable(UserRefObject);
const EngineInformation = Type.Object({
  supports_file_upload: Type.Boolean(),
  disable_ssh_tunneling: Type.Boolean(),
  supports_dynamic_catalog: Type.Boolean(),
  supports_oauth2: Type.Boolean(),
});
const Parameters = Type.Object(
  {
    host: Type.Optional(Type.String()),
    port: Type.Optional(Nullable(Type.Integer())),
    username: Type.Optional(Nullable(Type.String())),
    password: Type.Optional(Nullable(Type.String())),
    database: Type.Optional(Type.String()),
    query: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: true },
);

const derivedFlags = {
  allows_cost_estimate: Type.Boolean(),
  allows_subquery: Type.Boolean(),
  allows_virtual_table_explore: Type.Boolean(),
  disable_data_preview: Type.Boolean(),
  disable_drill_to_detail: Type.Boolean(),
  allow_multi_catalog: Type.Boolean(),
};
const flags = {
  expose_in_sqllab: Type.Boolean(),
  allow_run_async: Type.Boolean(),
  allow_dml: Type.Boolean(),
  allow_ctas: Type.Boolean(),
  allow_cvas: Type.Boolean(),
  allow_file_upload: Type.Boolean(),
};

const DatabaseListItem = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    database_name: Type.String(),
    backend: Type.String(),
    ...flags,
    ...derivedFlags,
    explore_database_id: Type.Integer(),
    force_ctas_schema: Nullable(Type.String()),
    extra: Type.String(),
    engine_information: EngineInformation,
    changed_on: Type.String(),
    changed_on_delta_humanized: Type.String(),
    // null for databases nobody created through the API (the examples).
    created_by: Nullable(Type.Partial(UserRefObject)),
    changed_by: Nullable(Type.Partial(UserRefObject)),
  }),
);

const Database = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  database_name: Type.String(),
  sqlalchemy_uri: Type.String(),
  parameters: Parameters,
  configuration_method: Type.String(),
  engine: Type.String(),
  backend: Type.String(),
  driver: Type.String(),
  engine_information: EngineInformation,
  ...flags,
  ...derivedFlags,
  impersonate_user: Type.Boolean(),
  force_ctas_schema: Nullable(Type.String()),
  cache_timeout: Nullable(Type.Integer()),
  extra: Type.String(),
  is_managed_externally: Type.Boolean(),
  external_url: Nullable(Type.String()),
  created_on: Type.String(),
  changed_on: Type.String(),
  created_by: UserRef,
  changed_by: UserRef,
});
const DatabaseItem = Type.Object({ id: Type.Integer(), result: Database });
const DatabaseConnectionItem = Type.Object({
  id: Type.Integer(),
  result: Type.Object({
    ...Database.properties,
    masked_encrypted_extra: Nullable(Type.String()),
    server_cert: Nullable(Type.String()),
    ssh_tunnel: Nullable(Type.Object({})),
  }),
});

const DatabaseBody = Type.Partial(
  Type.Object(
    {
      database_name: Type.String({ maxLength: 250 }),
      sqlalchemy_uri: Type.String({ maxLength: 1024 }),
      engine: Type.String(),
      driver: Nullable(Type.String()),
      configuration_method: Type.Union([Type.Literal('sqlalchemy_form'), Type.Literal('dynamic_form')]),
      parameters: Parameters,
      ...Object.fromEntries(Object.keys(flags).map((name) => [name, Type.Boolean()])),
      impersonate_user: Type.Boolean(),
      force_ctas_schema: Nullable(Type.String({ maxLength: 250 })),
      cache_timeout: Nullable(Type.Integer()),
      extra: Type.String({ description: 'A JSON object as a string' }),
      uuid: Type.String({ format: 'uuid' }),
      is_managed_externally: Nullable(Type.Boolean()),
      external_url: Nullable(Type.String()),
      masked_encrypted_extra: Nullable(Type.String()),
      server_cert: Nullable(Type.String()),
    },
    // Superset's UI sends more (ssh_tunnel, catalog…); they are accepted and ignored.
    { additionalProperties: true },
  ),
);

const IdParams = Type.Object({ id: Type.Integer() });
const RisonQuery = Type.Object({ q: Type.Optional(Type.String()) });
const TableQuery = Type.Object({
  name: Type.String({ minLength: 1 }),
  schema: Type.Optional(Type.String()),
  catalog: Type.Optional(Type.String()),
});
const StringList = Type.Object({ result: Type.Array(Type.String()) });
const KeyObject = Type.Record(Type.String(), Type.Unknown());
const TableMetadata = Type.Object({
  name: Type.String(),
  columns: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.String(),
      longType: Type.String(),
      keys: Type.Array(KeyObject),
      comment: Nullable(Type.String()),
      type_generic: Nullable(Type.Integer()),
    }),
  ),
  selectStar: Type.String(),
  primaryKey: Nullable(KeyObject),
  foreignKeys: Type.Array(KeyObject),
  indexes: Type.Array(KeyObject),
  comment: Nullable(Type.String()),
});
const Available = Type.Object({
  databases: Type.Array(
    Type.Object({
      name: Type.String(),
      engine: Type.String(),
      default_driver: Type.String(),
      available_drivers: Type.Array(Type.String()),
      sqlalchemy_uri_placeholder: Type.String(),
      preferred: Type.Boolean(),
      parameters: KeyObject,
      engine_information: EngineInformation,
    }),
  ),
});

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
        response: { 200: listResponseSchema(DatabaseListItem), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.listDatabases(ctx, request.principal!, parseListArgument(request.query.q, databasesList)),
  );

  app.get(
    '/api/v1/database/available/',
    {
      config: canRead,
      schema: { tags, response: { 200: Available, ...errorResponses(401, 403) } },
    },
    async () => ({ databases: availableEngines() }),
  );

  app.post(
    '/api/v1/database/test_connection/',
    {
      config: canWrite,
      schema: {
        tags,
        body: DatabaseBody,
        response: { 200: Message, ...errorResponses(400, 401, 403, 422) },
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
        response: { 200: DatabaseItem, ...errorResponses(400, 401, 403, 404) },
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
        response: { 200: DatabaseConnectionItem, ...errorResponses(400, 401, 403, 404) },
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
        body: DatabaseBody,
        response: { 201: DatabaseItem, ...errorResponses(400, 401, 403, 422) },
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
        body: DatabaseBody,
        response: { 200: DatabaseItem, ...errorResponses(400, 401, 403, 404, 422) },
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
        response: { 200: Message, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await service.deleteDatabase(ctx, request.params.id);
      return { message: 'OK' };
    },
  );

  // ---- browsing -----------------------------------------------------------------------------------

  const browseSchema = (response: Parameters<typeof Type.Object>[0] | ReturnType<typeof Type.Object>) => ({
    tags,
    params: IdParams,
    querystring: RisonQuery,
    response: { 200: response, ...errorResponses(400, 401, 403, 404, 422) },
  });

  app.get(
    '/api/v1/database/:id/catalogs/',
    { config: canRead, schema: browseSchema(StringList) },
    async (request) => ({
      result: await browse.catalogs(ctx, request.principal!, request.params.id, request.query.q),
    }),
  );

  app.get(
    '/api/v1/database/:id/schemas/',
    { config: canRead, schema: browseSchema(StringList) },
    async (request) => ({
      result: await browse.schemas(ctx, request.principal!, request.params.id, request.query.q),
    }),
  );

  app.get(
    '/api/v1/database/:id/tables/',
    {
      config: canRead,
      schema: browseSchema(
        Type.Object({
          count: Type.Integer(),
          result: Type.Array(
            Type.Object({ value: Type.String(), type: Type.String(), extra: Nullable(KeyObject) }),
          ),
        }),
      ),
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
        querystring: TableQuery,
        response: { 200: TableMetadata, ...errorResponses(400, 401, 403, 404, 422) },
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
        querystring: TableQuery,
        response: { 200: KeyObject, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      browse.tableMetadataExtra(ctx, request.principal!, request.params.id, tableArgs(request.query)),
  );

  const SelectStar = Type.Object({ result: Type.String() });
  app.get(
    '/api/v1/database/:id/select_star/:table/',
    {
      config: canRead,
      schema: {
        tags,
        params: Type.Object({ id: Type.Integer(), table: Type.String() }),
        response: { 200: SelectStar, ...errorResponses(400, 401, 403, 404, 422) },
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
        params: Type.Object({ id: Type.Integer(), table: Type.String(), schema: Type.String() }),
        response: { 200: SelectStar, ...errorResponses(400, 401, 403, 404, 422) },
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
