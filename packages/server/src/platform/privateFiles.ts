import fs from 'node:fs';
import path from 'node:path';

/**
 * Everything the server writes is readable by its own user only: directories 0700, files 0600. The
 * process umask is left alone (it is the operator's); modes are set where files are created, and
 * files an older version left readable are tightened at start.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) and makes it private to this user. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes an existing file private; a missing file is fine. Links are left alone (their target is not ours). */
export function makeFilePrivate(file: string): void {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (stat?.isFile()) fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Creates `file` empty with mode 0600 if it does not exist, so whatever opens it next keeps that mode. */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  makeFilePrivate(file);
}

/**
 * The entries of `dir` this user owns made private: files 0600, directories 0700 (one level; links
 * untouched). A file an operator placed as another user keeps the mode they gave it.
 */
function tightenEntries(dir: string): void {
  const uid = process.getuid?.();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    if (!stat || (uid !== undefined && stat.uid !== uid)) continue;
    if (stat.isFile()) fs.chmodSync(full, PRIVATE_FILE_MODE);
    else if (stat.isDirectory()) fs.chmodSync(full, PRIVATE_DIR_MODE);
  }
}

/**
 * The data dir and its files folder exist and are private, and so is what is already in them (an
 * installation from before modes were set). Run at every start, before anything is written.
 */
export function prepareDataDir(config: { dataDir: string; filesDir: string }): void {
  ensurePrivateDir(config.dataDir);
  ensurePrivateDir(config.filesDir);
  tightenEntries(config.dataDir);
  tightenEntries(config.filesDir);
}
