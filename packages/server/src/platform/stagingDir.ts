import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRIVATE_DIR_MODE } from './privateFiles.ts';

/**
 * Where uploaded files wait while a database loads them. Only the upload's own private reader reads
 * them (drivers/fileReader.ts); the DuckDB instances user queries run on may read no folder at
 * all, this one included (drivers/duckdbInstances.ts), so one user cannot read another's upload.
 */
export const STAGING_ROOT = path.join(os.tmpdir(), 'vitrina-staging');

/**
 * The temporary directory is shared with every user of the machine: the staging root must be a real
 * directory of this user (not a link or a folder someone else planted) and private to it.
 */
function ensureStagingRoot(): void {
  fs.mkdirSync(STAGING_ROOT, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = fs.lstatSync(STAGING_ROOT);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) {
    throw new Error(`${STAGING_ROOT} is not a directory owned by this user; remove it and try again`);
  }
  fs.chmodSync(STAGING_ROOT, PRIVATE_DIR_MODE);
}

/** A fresh private folder (0700) under the staging root; the caller removes it when done. */
export function createStagingDir(): string {
  ensureStagingRoot();
  return fs.mkdtempSync(path.join(STAGING_ROOT, 'upload-'));
}
