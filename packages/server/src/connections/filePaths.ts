import fs from 'node:fs';
import path from 'node:path';
import type { EngineName } from '@vitrina/common/sql/engines';
import type { Config } from '../config.ts';
import { databaseError } from '../drivers/errorMapping.ts';
import type { DatabaseError } from '../drivers/errors.ts';

/** The in-memory database of file-based engines: it names no file. */
export const IN_MEMORY = ':memory:';

/**
 * Where file-based databases may point. The data dir holds the server's own files (metastore and its
 * journals, the secret key): none of them may be a data source, whatever the path looks like. Its
 * `files` folder is the one place inside it a data source may use; the operator may add others.
 */
export interface FilePolicy {
  dataDir: string;
  /** Relative database paths resolve here. */
  filesDir: string;
  /** VITRINA_ALLOWED_FILE_DIRS. */
  extraDirs: readonly string[];
  /** Other processes open these files too (Config.sharedDataFiles); absent: this process alone. */
  shared?: boolean;
}

export function filePolicy(
  config: Pick<Config, 'dataDir' | 'filesDir' | 'allowedFileDirs'> & Partial<Pick<Config, 'sharedDataFiles'>>,
): FilePolicy {
  return {
    dataDir: config.dataDir,
    filesDir: config.filesDir,
    extraDirs: config.allowedFileDirs,
    shared: config.sharedDataFiles === true,
  };
}

/** The directories a database file may be in, as the error message lists them. */
export function allowedDirectories(policy: FilePolicy): string[] {
  return [...new Set([policy.filesDir, ...policy.extraDirs].map((dir) => path.resolve(dir)))];
}

/**
 * Resolves a path the way the OS will open it: symlinks and `..` followed. A file (or directories)
 * not created yet resolve through their nearest existing ancestor, so a link higher up still counts.
 */
export function realPath(target: string): string {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(fs.realpathSync(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Case-insensitive too: on a case-insensitive file system `VITRINA.DB` opens `vitrina.db`. */
function isInsideAnyCase(file: string, dir: string): boolean {
  return isInside(file, dir) || isInside(file.toLowerCase(), dir.toLowerCase());
}

/** `file:`, `md:`, `s3:`, `:memory:name`…: names an engine reads as something other than a path. */
const NOT_A_PLAIN_PATH = /^(?:[a-z][a-z0-9+.-]*:|:)/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The device and inode of every file the server keeps in the data dir outside its files folder. */
function privateFileIds(policy: FilePolicy): Set<string> {
  const ids = new Set<string>();
  const filesDir = realPath(policy.filesDir);
  const visit = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && full !== filesDir && depth < 3) visit(full, depth + 1);
      else if (entry.isFile()) {
        const stat = fs.statSync(full, { throwIfNoEntry: false });
        if (stat) ids.add(`${stat.dev}:${stat.ino}`);
      }
    }
  };
  visit(realPath(policy.dataDir), 0);
  return ids;
}

/** A hard link (or a case alias) of a private file has the same inode under another name. */
function isPrivateFile(file: string, policy: FilePolicy): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && privateFileIds(policy).has(`${stat.dev}:${stat.ino}`);
}

function notAllowed(engine: EngineName, policy: FilePolicy, reason: string): { error: DatabaseError } {
  return {
    error: databaseError(
      engine,
      'FILE_NOT_ALLOWED_ERROR',
      `${reason} Database files must be inside ${allowedDirectories(policy).join(', ')}; ` +
        'an operator can allow more directories with VITRINA_ALLOWED_FILE_DIRS.',
      { invalid: ['sqlalchemy_uri'] },
    ),
  };
}

/**
 * The absolute path a file-based database should open, or a FILE_NOT_ALLOWED_ERROR. Relative paths are
 * taken from the files folder; the path is resolved as the OS will open it (links, `..`), and what
 * opens is that resolved path, so a link swapped after this check cannot lead elsewhere.
 */
export function checkDatabaseFile(
  engine: EngineName,
  file: string | null,
  policy: FilePolicy,
): { path: string } | { error: DatabaseError } {
  if (file === IN_MEMORY) return { path: IN_MEMORY };
  if (!file) {
    return {
      error: databaseError(
        engine,
        'CONNECTION_MISSING_PARAMETERS_ERROR',
        'The database file path is missing.',
        { invalid: ['database'], missing: ['database'] },
      ),
    };
  }
  if (NOT_A_PLAIN_PATH.test(file) || CONTROL_CHARACTERS.test(file)) {
    return notAllowed(
      engine,
      policy,
      `"${file}" is not a plain file path (URI file names such as file: and special names are not accepted).`,
    );
  }
  const resolved = realPath(path.resolve(policy.filesDir, file));
  const filesDir = realPath(policy.filesDir);
  const inFiles = isInside(resolved, filesDir);
  const inDataDir = [policy.dataDir, realPath(policy.dataDir)].some((dir) => isInsideAnyCase(resolved, dir));
  if ((inDataDir && !inFiles) || isPrivateFile(resolved, policy)) {
    return notAllowed(engine, policy, "The path leads to the server's own files.");
  }
  if (inFiles || policy.extraDirs.some((dir) => isInside(resolved, realPath(dir)))) return { path: resolved };
  return notAllowed(engine, policy, 'The path is outside the allowed directories.');
}
