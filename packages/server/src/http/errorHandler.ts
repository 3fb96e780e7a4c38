import type { FastifyError } from 'fastify';
import { unavailableStoreOf } from '../platform/unavailable.ts';
import { HttpError, StoreUnavailableHttpError } from './errors.ts';
import type { App } from './types.ts';

/**
 * The one place errors become responses: typed errors carry their body; schema failures become
 * FAB-style 400s; anything else is logged and answered without internals.
 */
export function registerErrorHandler(app: App): void {
  // An error body is written as built. A route's response schema for an error status only documents
  // it: serialising through it would drop or reshape fields (a CSRF refusal came out of a `{message}`
  // schema as `"message" is required!`), so no route can turn an error into another shape.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.serializer(JSON.stringify);
    return payload;
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if ('validation' in error && error.validation) {
      return reply.code(400).send({ message: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      return reply.code(status).send({ message: error.message });
    }
    const store = unavailableStoreOf(error);
    if (store) {
      // Redis or the metastore is down: the client may retry; the store's client reconnects by itself.
      request.log.warn({ err: error }, `${store} unavailable`);
      const unavailable = new StoreUnavailableHttpError(store);
      return reply.code(unavailable.statusCode).headers(unavailable.headers).send(unavailable.body);
    }
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      // The client went away while its answer was streamed (a page closed mid-dashboard): nobody
      // reads this answer, and nothing is wrong with the server.
      request.log.info('the client closed the connection before its answer ended');
      return reply.code(500).send({ message: 'Fatal error' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Fatal error' });
  });
}
