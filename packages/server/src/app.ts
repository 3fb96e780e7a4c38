import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { registerAuthentication } from './http/authentication.ts';
import { registerControlCharacterCheck } from './http/controlCharacters.ts';
import { registerErrorHandler } from './http/errorHandler.ts';
import { registerGuestPayloadFilter } from './http/guestPayload.ts';
import { registerApiBrowser, registerOpenApi } from './http/openapi.ts';
import { registerRequestId, requestIdOf } from './http/requestId.ts';
import { registerRequestMetrics } from './http/requestMetrics.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { registerWebApp } from './http/spa.ts';
import { registerTurnBudget } from './http/turnBudget.ts';
import type { App, AppContext } from './http/types.ts';
import { authRoutes } from './resources/auth/routes.ts';
import { embeddedRoutes } from './resources/embedded/routes.ts';
import { healthRoutes } from './resources/health/routes.ts';
import { routeModules } from './resources/index.ts';
import { meRoutes } from './resources/me/routes.ts';
import { metricsRoutes } from './resources/metrics/routes.ts';
import { trustProxySetting } from './security/trustProxy.ts';

/** How route schemas become validators and response serializers (Fastify's compilersFactory). */
export type SchemaCompilers = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

export interface BuildAppOptions {
  /**
   * Unset (every server): Fastify's own compilers, each app compiling its schemas at `ready`. Test apps
   * pass one process-wide set that compiles each schema once for all of them (testing/schemaCompilers.ts).
   */
  schemaCompilers?: SchemaCompilers;
}

/** Builds the HTTP app from its context; `main` listens on it, tests call `app.inject`. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<App> {
  const app: App = Fastify({
    logger: {
      level: ctx.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-guesttoken"]'],
    },
    trustProxy: trustProxySetting(ctx.config.trustProxy),
    // Our own id rule (http/requestId.ts) instead of trusting any X-Request-Id as Fastify would.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 10 * 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    ...(options.schemaCompilers && { schemaController: { compilersFactory: options.schemaCompilers } }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First: a request waiting for a later turn has done nothing yet.
  if (ctx.config.turnBudgetMs > 0) registerTurnBudget(app, ctx.config.turnBudgetMs);
  registerRequestId(app);
  registerRequestMetrics(app, ctx.metrics);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { mapbox: ctx.config.mapboxApiKey !== null });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // The async events' websocket (resources/asyncEvents): clients only listen, so their messages are tiny.
  if (ctx.config.asyncQueries.transport === 'ws') {
    await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  }
  registerAuthentication(app, ctx);
  registerControlCharacterCheck(app);
  registerGuestPayloadFilter(app);
  await registerOpenApi(app);

  const webApp = await registerWebApp(app, ctx.config.webDistDir);
  for (const routes of [
    healthRoutes,
    metricsRoutes,
    authRoutes(webApp),
    meRoutes,
    embeddedRoutes(webApp),
    ...routeModules,
  ]) {
    await routes(app, ctx);
  }
  await registerApiBrowser(app);
  await app.ready();
  return app;
}
