import { IdParams } from '@vitrina/common/api/shared';
import { TabState } from '@vitrina/common/api/sqllab';
import { TabStateQueryParams } from '@vitrina/common/api/tabState';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { access } from '../../http/access.ts';
import type { RouteModule } from '../../http/types.ts';
import { decodeBody, FieldError } from './fields.ts';
import * as service from './service.ts';

/**
 * `/tabstateview/` and `/tableschemaview/`: Superset's legacy views behind SQL Lab's backend persistence.
 * They answer bare JSON (`5`, `"OK"`, `{"id": 9}`) and bare 403/404 statuses, as Superset's views do,
 * and take form-encoded bodies with JSON-encoded values as well as JSON bodies.
 */

/** Sends `value` as JSON text, whatever its type (Fastify sends a bare string as text/plain). */
function sendJson(reply: FastifyReply, value: unknown, status = 200) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(value));
}

/** Runs a view, answering its ViewErrors as bare statuses. */
async function view(reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    return sendJson(reply, await run());
  } catch (error) {
    if (error instanceof service.ViewError) {
      return error.body === undefined
        ? reply.code(error.statusCode).send()
        : sendJson(reply, error.body, error.statusCode);
    }
    if (error instanceof FieldError) return sendJson(reply, { error: error.message }, 400);
    throw error;
  }
}

function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  return decodeBody(request.body, request.headers['content-type']);
}

export const tabStateRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['SQL Lab tabs'];
  const canRead = { access: access.can('can_read', 'TabStateView') };
  const canWrite = { access: access.can('can_write', 'TabStateView') };
  const canWriteTables = { access: access.can('can_write', 'TableSchemaView') };

  app.post(
    '/tabstateview/',
    { config: canWrite, schema: { tags, summary: 'Opens a tab from a query editor; answers {id}' } },
    (request, reply) =>
      view(reply, async () => ({
        id: await service.createTab(db, request.principal!, fieldsOf(request)),
      })),
  );

  app.get(
    '/tabstateview/:id',
    {
      config: canRead,
      // Documents the answer: view() sends JSON text, which no response schema reshapes.
      schema: { tags, summary: "A tab's state", params: IdParams, response: { 200: TabState } },
    },
    (request, reply) => view(reply, () => service.getTab(db, request.principal!, request.params.id)),
  );

  app.put(
    '/tabstateview/:id',
    {
      config: canWrite,
      schema: { tags, summary: "Changes a tab's fields; answers its id", params: IdParams },
    },
    (request, reply) =>
      view(reply, () => service.updateTab(db, request.principal!, request.params.id, fieldsOf(request))),
  );

  app.delete(
    '/tabstateview/:id',
    { config: canWrite, schema: { tags, summary: 'Closes a tab and its tables', params: IdParams } },
    (request, reply) =>
      view(reply, async () => {
        await service.deleteTab(db, request.principal!, request.params.id);
        return 'OK';
      }),
  );

  app.post(
    '/tabstateview/:id/activate',
    { config: canWrite, schema: { tags, summary: "Makes the tab the user's active one", params: IdParams } },
    (request, reply) => view(reply, () => service.activateTab(db, request.principal!, request.params.id)),
  );

  app.post(
    '/tabstateview/:id/migrate_query',
    { config: canWrite, schema: { tags, summary: 'Moves a query (queryId) into the tab', params: IdParams } },
    (request, reply) =>
      view(reply, () => service.migrateQuery(db, request.principal!, request.params.id, fieldsOf(request))),
  );

  app.delete(
    '/tabstateview/:id/query/:clientId',
    {
      config: canWrite,
      schema: { tags, summary: "Removes a query from the tab's history", params: TabStateQueryParams },
    },
    (request, reply) =>
      view(reply, async () => {
        await service.deleteTabQuery(db, request.principal!, request.params.id, request.params.clientId);
        return 'OK';
      }),
  );

  app.post(
    '/tableschemaview/',
    {
      config: canWriteTables,
      schema: { tags, summary: "Adds a table to a tab's table browser; answers {id}" },
    },
    (request, reply) =>
      view(reply, async () => ({
        id: await service.addTableSchema(db, request.principal!, fieldsOf(request)),
      })),
  );

  app.post(
    '/tableschemaview/:id/expanded',
    { config: canWriteTables, schema: { tags, summary: 'Expands or collapses a table', params: IdParams } },
    (request, reply) =>
      view(reply, () =>
        service.expandTableSchema(db, request.principal!, request.params.id, fieldsOf(request)),
      ),
  );

  app.delete(
    '/tableschemaview/:id',
    { config: canWriteTables, schema: { tags, summary: 'Removes a table from a tab', params: IdParams } },
    (request, reply) =>
      view(reply, async () => {
        await service.deleteTableSchema(db, request.principal!, request.params.id);
        return 'OK';
      }),
  );
};
