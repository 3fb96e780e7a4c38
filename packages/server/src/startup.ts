import { type Config, ConfigError } from './config.ts';
import { closeDatabaseConnections } from './connections/connections.ts';
import { ensureExampleContent } from './examples/content.ts';
import { loadExamples } from './examples/index.ts';
import { chromiumScreenshotter } from './flows/screenshots/index.ts';
import type { Screenshotter } from './http/screenshots.ts';
import type { AppServices } from './http/services.ts';
import type { AppContext } from './http/types.ts';
import { jobDefinitions } from './jobs/registry.ts';
import { prepareWritableDataDir } from './platform/dataDirCheck.ts';
import { createPlatform, type Platform } from './platform/index.ts';
import { shareChanges } from './platform/metastore/changes.ts';
import type { Metastore } from './platform/metastore/index.ts';
import { Metrics } from './platform/metrics/metrics.ts';
import { upToDateMetastore } from './prepareMetastore.ts';
import { knownVizTypes } from './resources/charts/chartTypes.ts';
import { savedChartQueryContext } from './resources/charts/savedChartQuery.ts';
import { dashboardPermalinkPath } from './resources/dashboardPermalink/service.ts';
import { createEventLogWriter } from './resources/log/writer.ts';
import { createAdmin } from './security/admin.ts';
import { adminsWithDefaultPassword } from './security/defaultPassword.ts';
import type { LoginLimit } from './security/loginLimiter.ts';
import { resolveSecretKey } from './security/secretKey.ts';

/** Where start-up says what it did: the console for CLI commands, the app's logger when serving. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The upper-layer use cases flows call back into (http/services.ts), wired here once. */
export const APP_SERVICES: AppServices = { savedChartQueryContext, dashboardPermalinkPath };

/** A configured default chart type must be a registered one; the registry loads only to check it. */
async function checkDefaultVizType(config: Config): Promise<void> {
  const { vizType } = config.exploreDefaults;
  if (vizType === 'table' || (await knownVizTypes()).includes(vizType as never)) return;
  throw new ConfigError('VITRINA_DEFAULT_VIZ_TYPE', `"${vizType}" is not a chart type of this version`);
}

/** What a context is assembled from; the rest has one default for every process. */
export interface ContextParts {
  config: Config;
  metastore: Metastore;
  platform: Platform;
  secretKey: string;
  loginRateLimit?: LoginLimit;
  services?: AppServices;
  screenshots?: Screenshotter;
}

/** The one place an AppContext is put together: start-up, test apps, test workers and benches. */
export function assembleContext(parts: ContextParts): AppContext {
  const ctx: AppContext = {
    config: parts.config,
    metastore: parts.metastore,
    platform: parts.platform,
    secretKey: parts.secretKey,
    loginRateLimit: parts.loginRateLimit ?? parts.config.loginLimits,
    services: parts.services ?? APP_SERVICES,
    screenshots: parts.screenshots ?? chromiumScreenshotter(() => ctx),
    eventLog: createEventLogWriter(parts.metastore.db, { log: console }),
    metrics: new Metrics(),
  };
  ctx.metrics.watchQueues(
    parts.platform.queue,
    jobDefinitions.map((definition) => definition.queue),
  );
  // Other servers' writes to cached tables reach this process's caches, and this one's reach theirs.
  shareChanges(
    parts.metastore.changes,
    parts.platform.events,
    (error) => console.error('[metastore changes]', error),
    { shared: parts.platform.kind === 'redis' },
  ).catch((error) => console.error('[metastore changes]', error));
  return ctx;
}

/** Everything serve, worker and scheduler need, opened once per process. */
export async function openContext(config: Config): Promise<AppContext> {
  await checkDefaultVizType(config);
  // Before the secret key file, the first thing written there.
  prepareWritableDataDir(config);
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  const metastore = await upToDateMetastore(config);
  const platform = createPlatform({
    redisUrl: config.redisUrl,
    keyPrefix: config.redisPrefix,
    memoryCacheMaxBytes: config.memoryCacheMaxBytes,
    workerLockMs: config.locks.workerSeconds * 1000,
  });
  return assembleContext({ config, metastore, platform, secretKey });
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.eventLog.close();
  await ctx.screenshots.close();
  await closeDatabaseConnections(ctx);
  await ctx.platform.close();
  await ctx.metastore.close();
}

/**
 * The first admin, when no user exists yet; warns while an administrator's stored password is still
 * the default one. Returns those administrators' names (start-up prints how to log in with them).
 */
export async function ensureFirstAdmin(ctx: AppContext, log: Logger): Promise<string[]> {
  const { adminUsername, adminPassword } = ctx.config;
  const outcome = await createAdmin(
    ctx.metastore.db,
    { username: adminUsername, password: adminPassword },
    { onlyIfNoUsers: true },
  );
  if (outcome === 'created') log.info(`Created the first admin user "${adminUsername}"`);
  const withDefault = await adminsWithDefaultPassword(ctx.metastore.db);
  if (withDefault.length) {
    log.warn(
      `The admin password is the default one (${withDefault.map((name) => `"${name}"`).join(', ')}). Change it under Settings → Users, or set VITRINA_ADMIN_PASSWORD before the first start.`,
    );
  }
  return withDefault;
}

/**
 * The example data and the example content over it. `npm start` calls it unless
 * VITRINA_LOAD_EXAMPLES=false; the `load-examples` command passes `force` since it was asked for.
 */
export async function loadExampleData(
  ctx: AppContext,
  log: Logger,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!ctx.config.loadExamples && !options.force) {
    log.info('Example data not loaded (VITRINA_LOAD_EXAMPLES=false)');
    return;
  }
  const started = Date.now();
  const outcome = await loadExamples({
    dataDir: ctx.config.dataDir,
    metastore: ctx.metastore,
    log: (message) => log.info(message),
  });
  if (outcome.loaded) {
    log.info(
      `Loaded the example data (${outcome.tables.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await ensureExampleContent(ctx, (message) => log.info(message));
}
