import { PermalinkCreated } from '@vitrina/common/api/chart';
import {
  KvStoreResponse,
  SqlLabPermalinkKeyParams,
  SqlLabPermalinkRequest,
  SqlLabPermalinkResponse,
} from '@vitrina/common/api/sqllabPermalink';
import { access } from '../../http/access.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { createEntry, createTextEntry, readEntry, readTextEntry } from '../keyValue/repo.ts';
import { parsePermalinkState } from './state.ts';

/**
 * Sharing a SQL Lab query: `/api/v1/sqllab/permalink` (Superset's SqlLabPermalinkRestApi) and the
 * deprecated `/kv/store/` + `/kv/{id}/` pair older clients use for share links.
 */

const errors = errorResponses(400, 401, 403, 404, 422);

export const sqllabPermalinkRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['SQL Lab permalinks'];

  app.post(
    '/api/v1/sqllab/permalink',
    {
      config: { access: access.can('can_write', 'SqlLabPermalinkRestApi') },
      schema: {
        tags,
        summary: "Stores an editor tab's query and answers a link that reopens it",
        body: SqlLabPermalinkRequest,
        response: { 201: PermalinkCreated, ...errors },
      },
    },
    async (request, reply) => {
      const state = parsePermalinkState(request.body);
      const key = await createEntry(db, {
        resource: 'sqllab_permalink',
        value: state,
        createdBy: request.principal!.id,
      });
      const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
      return reply.code(201).send({ key, url: `${origin}/sqllab/p/${key}` });
    },
  );

  app.get(
    '/api/v1/sqllab/permalink/:key',
    {
      config: { access: access.can('can_read', 'SqlLabPermalinkRestApi') },
      schema: {
        tags,
        summary: 'The query state stored under a permalink key',
        params: SqlLabPermalinkKeyParams,
        response: { 200: SqlLabPermalinkResponse, ...errors },
      },
    },
    async (request) => {
      const state = await readEntry(db, 'sqllab_permalink', request.params.key);
      if (state === undefined) throw new NotFoundError();
      return state as Record<string, unknown>;
    },
  );

  app.post(
    '/kv/store/',
    {
      config: { access: access.can('can_store', 'KV') },
      schema: {
        tags,
        summary: 'Stores the form field `data` for a share link; answers {id}',
        response: { 200: KvStoreResponse, ...errors },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown> | undefined;
      const data = body?.data;
      if (typeof data !== 'string') throw new BadRequestError({ data: ['Missing data for required field.'] });
      return {
        id: await createTextEntry(db, {
          resource: 'sqllab_kv',
          text: data,
          createdBy: request.principal!.id,
        }),
      };
    },
  );

  const readKv = async (key: string, reply: import('fastify').FastifyReply) => {
    const text = await readTextEntry(db, 'sqllab_kv', key);
    if (text === undefined) return reply.code(404).send();
    return reply.type('text/plain; charset=utf-8').send(text);
  };
  for (const path of ['/kv/:key/', '/kv/:key']) {
    app.get(
      path,
      {
        config: { access: access.can('can_get_value', 'KV') },
        schema: { tags, summary: 'The raw text stored for a share link', params: SqlLabPermalinkKeyParams },
      },
      (request, reply) => readKv(request.params.key, reply),
    );
  }
};
