import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../platform/privateFiles.ts';

/**
 * Helpers for the embedded DuckDB file: open and always close (so the file is not left locked),
 * and build a file atomically (write a temporary file, then rename it over the target), so a crash
 * never leaves a half-written file under the real name.
 */

/** DuckDB keeps uncommitted changes in `<file>.wal` next to the database file. */
export function walPath(file: string): string {
  return `${file}.wal`;
}

/** Opens `file`, runs `fn` on one connection, and closes the connection and the instance. */
export async function withDuckDb<T>(
  file: string,
  fn: (con: DuckDBConnection) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const instance = await DuckDBInstance.create(file, options.readOnly ? { access_mode: 'READ_ONLY' } : {});
  try {
    const con = await instance.connect();
    try {
      return await fn(con);
    } finally {
      con.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

const TEMP_MARKER = '.tmp-';

/**
 * Builds `target` by running `build` on a fresh DuckDB file beside it and renaming that file over
 * `target` once it is complete, checkpointed and closed. On failure the temporary file is removed
 * and `target` is left as it was.
 */
export async function buildDuckDbFileAtomically(
  target: string,
  build: (con: DuckDBConnection) => Promise<void>,
): Promise<void> {
  ensurePrivateDir(path.dirname(target));
  removeStaleTempFiles(target);
  const temp = `${target}${TEMP_MARKER}${process.pid}-${randomUUID().slice(0, 8)}`;
  try {
    await withDuckDb(temp, async (con) => {
      await build(con);
      await con.run('CHECKPOINT');
    });
    if (fs.existsSync(walPath(temp))) {
      throw new Error(`DuckDB left a write-ahead log next to ${temp} after a checkpoint`);
    }
    fsyncFile(temp);
    // A log left by the previous file would be replayed against the new one: drop it first.
    fs.rmSync(walPath(target), { force: true });
    // DuckDB creates files with the process umask; the example data is the server's, so 0600.
    fs.chmodSync(temp, PRIVATE_FILE_MODE);
    fs.renameSync(temp, target);
    fsyncDirectory(path.dirname(target));
  } catch (error) {
    removeQuietly(temp);
    removeQuietly(walPath(temp));
    throw error;
  }
}

/** Removes temporary build files of `target` left by processes that no longer run (a crash). */
export function removeStaleTempFiles(target: string): void {
  const dir = path.dirname(target);
  const prefix = `${path.basename(target)}${TEMP_MARKER}`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number.parseInt(name.slice(prefix.length), 10);
    if (Number.isInteger(pid) && pid !== process.pid && !processIsAlive(pid)) {
      removeQuietly(path.join(dir, name));
    }
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // best effort: a leftover temporary file is removed by the next build
  }
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // some file systems do not allow fsync on a directory; the rename itself is still atomic
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
