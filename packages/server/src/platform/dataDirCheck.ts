import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, prepareDataDir } from './privateFiles.ts';

/** The data dir cannot be used: start-up stops with this one line rather than a stack trace. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** Written, synced and removed at every start: proof that the metastore and files can be written. */
export const WRITE_CHECK_FILE = '.vitrina-write-check';

// Enough to need a real block on disk, so a full disk shows now rather than in the first save.
const WRITE_CHECK_BYTES = 64 * 1024;

function describe(dataDir: string, error: unknown): DataDirError {
  const code = (error as { code?: string }).code;
  const reason = error instanceof Error ? error.message : String(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new DataDirError(
      `the disk of the data directory ${dataDir} is full (${reason}); free some space and start again`,
    );
  }
  return new DataDirError(
    `the data directory ${dataDir} is not writable by this user (${reason}); give it write access or set VITRINA_DATA_DIR`,
  );
}

/**
 * The data dir made private (privateFiles.ts) and checked by writing a file in it, before anything
 * else is written: a read-only or full disk stops start-up with one clear line (main.ts).
 */
export function prepareWritableDataDir(config: { dataDir: string; filesDir: string }): void {
  try {
    prepareDataDir(config);
    const probe = path.join(config.dataDir, WRITE_CHECK_FILE);
    const fd = fs.openSync(probe, 'w', PRIVATE_FILE_MODE);
    try {
      fs.writeSync(fd, Buffer.alloc(WRITE_CHECK_BYTES));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(probe, { force: true });
    }
  } catch (error) {
    throw describe(config.dataDir, error);
  }
}
