import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where uploaded files wait while a database loads them. Embedded DuckDB databases may read files
 * only under this folder (see drivers/duckdb.ts), so user SQL can't read the server's other files.
 */
export const STAGING_ROOT = path.join(os.tmpdir(), 'vitrina-staging');

/** A fresh private folder under the staging root; the caller removes it when done. */
export function createStagingDir(): string {
  fs.mkdirSync(STAGING_ROOT, { recursive: true, mode: 0o700 });
  return fs.mkdtempSync(path.join(STAGING_ROOT, 'upload-'));
}
