/**
 * Bringing the metadata store up to date, apart from start-up's other work: `db upgrade` and
 * `create-admin` need only this, and importing the whole start-up (examples, screenshots, the
 * resources' services) would cost them seconds.
 */
import type { Config } from './config.ts';
import { prepareWritableDataDir } from './platform/dataDirCheck.ts';
import { type Metastore, openMetastore } from './platform/metastore/index.ts';
import { syncSecurity } from './security/sync.ts';

/** Checks the data directory is writable, then opens the metadata store and brings it up to date. */
export async function prepareMetastore(config: Config): Promise<Metastore> {
  prepareWritableDataDir(config);
  return upToDateMetastore(config);
}

/**
 * Opens the metadata store and brings it up to date: migrations, then built-in roles. For callers that
 * have checked the data directory themselves (start-up does, before writing its secret key there).
 */
export async function upToDateMetastore(config: Config): Promise<Metastore> {
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
