import { randomUUID } from 'node:crypto';
import { examplesUriForFile } from '../drivers/exampleData/examplesFile.ts';
import { type Metastore, nowIso } from '../platform/metastore/index.ts';
import { readSetting, writeSetting } from '../resources/settings/repo.ts';
import { createDatabasePermissions } from '../security/dataAccess.ts';

/** The metastore side of the example data: the `examples` database row and the version setting. */

export const EXAMPLES_DATABASE_NAME = 'examples';
export const EXAMPLES_SETTING_KEY = 'examples_loaded';

export function loadedExamplesVersion(metastore: Metastore): Promise<string | null> {
  return readSetting(metastore.db, EXAMPLES_SETTING_KEY);
}

/** The URI the `examples` database row points at, or null when there is no such row. */
export async function registeredExamplesUri(metastore: Metastore): Promise<string | null> {
  const row = await metastore.db
    .selectFrom('databases')
    .select('sqlalchemy_uri')
    .where('database_name', '=', EXAMPLES_DATABASE_NAME)
    .executeTakeFirst();
  return row?.sqlalchemy_uri ?? null;
}

/**
 * In one transaction: creates the `examples` database row (or, when it exists, points its URI at
 * `file` and leaves the rest as an administrator set it) and records `version` as loaded. Upserts
 * on the unique name, so two processes doing this at once still leave one row.
 */
export async function registerExamplesDatabase(
  metastore: Metastore,
  file: string,
  version: string,
): Promise<void> {
  const uri = examplesUriForFile(file);
  const now = nowIso();
  await metastore.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('databases')
      .values({
        uuid: randomUUID(),
        database_name: EXAMPLES_DATABASE_NAME,
        sqlalchemy_uri: uri,
        encrypted_password: null,
        expose_in_sqllab: 1,
        allow_run_async: 1,
        allow_dml: 0,
        allow_ctas: 0,
        allow_cvas: 0,
        allow_file_upload: 1,
        cache_timeout: null,
        extra: '{}',
        // Edited as a form with its file path, not as a raw URI.
        configuration_method: 'dynamic_form',
        created_on: now,
        changed_on: now,
        created_by_fk: null,
        changed_by_fk: null,
      })
      .onConflict((oc) => oc.column('database_name').doUpdateSet({ sqlalchemy_uri: uri, changed_on: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    // Grantable at once: the examples load after start-up's permission sync has run.
    await createDatabasePermissions(trx, { id: row.id, database_name: EXAMPLES_DATABASE_NAME }, [
      { catalog: null, schema: 'main' },
    ]);
    await writeSetting(trx, EXAMPLES_SETTING_KEY, version);
  });
}
