import { type Config, DEFAULT_ADMIN_PASSWORD } from './config.ts';
import { closeDatabaseConnections } from './databases/connections.ts';
import type { AppContext } from './http/types.ts';
import { createPlatform } from './platform/index.ts';
import { type Metastore, openMetastore } from './platform/metastore/index.ts';
import { prepareDataDir } from './platform/privateFiles.ts';
import { createAdmin } from './security/admin.ts';
import { resolveSecretKey } from './security/secretKey.ts';
import { syncSecurity } from './security/sync.ts';

/** Where start-up says what it did: the console for CLI commands, the app's logger when serving. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const LOGIN_RATE_LIMIT = { maxFailures: 10, windowSeconds: 300 };

/** Opens the metadata store and brings it up to date: migrations, then built-in roles. */
export async function prepareMetastore(config: Config): Promise<Metastore> {
  prepareDataDir(config);
  const metastore = openMetastore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => console.error(`Metadata store connection lost: ${error.message}`),
  });
  try {
    await metastore.migrate();
    await syncSecurity(metastore.db);
    return metastore;
  } catch (error) {
    await metastore.close();
    throw error;
  }
}

/** Everything a role needs, opened once per process. */
export async function openContext(config: Config): Promise<AppContext> {
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  const metastore = await prepareMetastore(config);
  const platform = createPlatform({ redisUrl: config.redisUrl });
  return { config, metastore, platform, secretKey, loginRateLimit: LOGIN_RATE_LIMIT };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await closeDatabaseConnections(ctx);
  await ctx.platform.close();
  await ctx.metastore.close();
}

/** The first admin, when no user exists yet; warns while the default password is in use. */
export async function ensureFirstAdmin(ctx: AppContext, log: Logger): Promise<void> {
  const { adminUsername, adminPassword } = ctx.config;
  const outcome = await createAdmin(
    ctx.metastore.db,
    { username: adminUsername, password: adminPassword },
    { onlyIfNoUsers: true },
  );
  if (outcome === 'created') log.info(`Created the first admin user "${adminUsername}"`);
  if (adminPassword === DEFAULT_ADMIN_PASSWORD) {
    log.warn(
      'The admin password is the default one. Set VITRINA_ADMIN_PASSWORD before the first start, or change it under Settings → Users.',
    );
  }
}
