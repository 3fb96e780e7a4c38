import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { ListQuerystring, listResponseSchema, parseListArgument, runList } from '../../http/listEndpoint.ts';
import type { RouteModule } from '../../http/types.ts';
import { databasesList, databasesListBase } from './repo.ts';

/** `/api/v1/database/` (Superset class `Database`): the read-only list behind the Databases page. */

const Message = Type.Object({ message: Type.String() });
// Declared property by property: the serializer drops anything else, so a URI or password can't leak.
const DatabaseListItem = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String(),
    database_name: Type.String(),
    backend: Type.String(),
    expose_in_sqllab: Type.Boolean(),
    allow_run_async: Type.Boolean(),
    allow_dml: Type.Boolean(),
    allow_ctas: Type.Boolean(),
    allow_cvas: Type.Boolean(),
    allow_file_upload: Type.Boolean(),
    changed_on: Type.String(),
  }),
);

export const databaseRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  app.get(
    '/api/v1/database/',
    {
      config: { access: access.can('can_read', 'Database') },
      schema: {
        tags: ['Databases'],
        querystring: ListQuerystring,
        response: { 200: listResponseSchema(DatabaseListItem), 400: Message, 401: Message, 403: Message },
      },
    },
    async (request) =>
      runList(db, databasesListBase(db), databasesList, parseListArgument(request.query.q, databasesList)),
  );
};
