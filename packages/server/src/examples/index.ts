import path from 'node:path';
import { filesDirOf } from '../config.ts';
import {
  buildExamplesFile,
  EXAMPLE_TABLES,
  EXAMPLES_FILE_NAME,
  EXAMPLES_VERSION,
  examplesUriForFile,
  inspectExamplesFile,
} from '../drivers/exampleData/examplesFile.ts';
import { moveLegacyExamplesFile } from '../drivers/exampleData/legacyLocation.ts';
import type { Metastore } from '../platform/metastore/index.ts';
import { loadedExamplesVersion, registerExamplesDatabase, registeredExamplesUri } from './register.ts';

export {
  EXAMPLE_TABLES,
  EXAMPLES_FILE_NAME,
  EXAMPLES_VERSION,
  examplesUriForFile,
  inspectExamplesFile,
} from '../drivers/exampleData/examplesFile.ts';
export { EXAMPLES_DATABASE_NAME, EXAMPLES_SETTING_KEY } from './register.ts';

/** The embedded DuckDB file of example data, in the data dir's files folder. */

/** Where the examples file of a data dir lives. */
export function examplesFilePath(dataDir: string): string {
  return path.resolve(filesDirOf(dataDir), EXAMPLES_FILE_NAME);
}

export interface LoadExamplesOptions {
  dataDir: string;
  metastore: Metastore;
  log?: (msg: string) => void;
}

export interface LoadExamplesResult {
  /** False when this version was already loaded and its file is intact, so nothing was done. */
  loaded: boolean;
  tables: string[];
}

/**
 * Makes sure the example data is there: builds `<dataDir>/files/examples.duckdb` when it is missing,
 * damaged or from another version of the example set (atomically, so a crash never leaves a
 * half-written file), then registers the `examples` database and records the version, in one
 * transaction. Safe to call at every start: when both are current it does nothing.
 */
export async function loadExamples(options: LoadExamplesOptions): Promise<LoadExamplesResult> {
  const log = options.log ?? (() => {});
  const file = examplesFilePath(options.dataDir);
  const tables = EXAMPLE_TABLES.map((t) => t.name);
  if (moveLegacyExamplesFile(options.dataDir, file) === 'moved') log(`examples: moved the file to ${file}`);

  const recorded = await loadedExamplesVersion(options.metastore);
  const found = await inspectExamplesFile(file, EXAMPLES_VERSION);
  const fileUsable = found.state === 'ok' || found.state === 'in-use';
  if (recorded === EXAMPLES_VERSION && fileUsable) {
    // A data directory that moved keeps its file but its registered URI went stale.
    if ((await registeredExamplesUri(options.metastore)) !== examplesUriForFile(file)) {
      await registerExamplesDatabase(options.metastore, file, EXAMPLES_VERSION);
      log(`examples: pointed database "examples" at ${file}`);
    }
    log(`examples: v${EXAMPLES_VERSION} already loaded (${file})`);
    return { loaded: false, tables };
  }

  if (!fileUsable) {
    const why = found.state === 'invalid' ? `rebuilding, ${found.reason}` : 'building';
    log(`examples: ${why}: ${file}`);
    const started = performance.now();
    await buildExamplesFile(file);
    log(`examples: built ${tables.length} tables in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await registerExamplesDatabase(options.metastore, file, EXAMPLES_VERSION);
  log(`examples: registered database "examples" (v${EXAMPLES_VERSION})`);
  return { loaded: true, tables };
}
