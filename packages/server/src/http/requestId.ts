import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { acceptedRequestId, newRequestId, runWithRequestId } from '../platform/requestScope.ts';
import type { App } from './types.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's request id: the client's X-Request-Id when it is a short token (a proxy's or a load
 * balancer's id), else a new UUID. Fastify puts it in every log line of the request as `reqId`.
 */
export function requestIdOf(raw: IncomingMessage): string {
  return acceptedRequestId(raw.headers[REQUEST_ID_HEADER]) ?? newRequestId();
}

const scopes = new WeakMap<object, AsyncResource>();

/**
 * Echoes the id in the response, and makes it the current request id for everything the request
 * does (platform/requestScope.ts): jobs it enqueues carry it to the worker. The body is read between
 * onRequest and preValidation in the socket's own async context, so the scope is entered again there.
 */
export function registerRequestId(app: App): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, () => {
      const scope = new AsyncResource('vitrina-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
