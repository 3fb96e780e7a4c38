import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from '../config.ts';
import type { Platform } from '../platform/index.ts';
import type { Metastore } from '../platform/metastore/index.ts';
import type { Metrics } from '../platform/metrics/metrics.ts';
import type { LoginLimit } from '../security/loginLimiter.ts';
import type { Principal } from '../security/principal.ts';
import type { EventLog } from './eventLog.ts';
import type { Screenshotter } from './screenshots.ts';
import type { AppServices } from './services.ts';

/** The Fastify instance every route module receives: typed by the TypeBox schemas it declares. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What the app is built from; tests build it with a temporary data dir and in-process platform. */
export interface AppContext {
  config: Config;
  metastore: Metastore;
  platform: Platform;
  /** Signs sessions and tokens, encrypts stored database passwords. */
  secretKey: string;
  /** Sign-in attempts allowed per account and per client address within a window (security/loginLimiter.ts). */
  loginRateLimit: LoginLimit;
  /** Upper-layer use cases the flows call back into (http/services.ts). */
  services: AppServices;
  /** Pictures of charts and dashboards (flows/screenshots/). */
  screenshots: Screenshotter;
  /** The action log's writer (http/eventLog.ts): batched, off the request path. */
  eventLog: EventLog;
  /** What this process tells an operator at /metrics (platform/metrics/). */
  metrics: Metrics;
}

/** A resource's routes: one function per folder in resources/, registered in resources/index.ts. */
export type RouteModule = (app: App, ctx: AppContext) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, resolved from the session cookie or a bearer token; null when anonymous. */
    principal: Principal | null;
    /** How the caller authenticated; CSRF applies to cookie sessions only. */
    authMethod: 'session' | 'bearer' | 'render' | 'guest' | null;
  }
}
