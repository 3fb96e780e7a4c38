import fs from 'node:fs';
import path from 'node:path';
import type { EngineName } from '@vitrina/common/sql/engines';
import { databaseError } from '../drivers/errorMapping.ts';
import type { DatabaseError } from '../drivers/errors.ts';

/** The in-memory database of file-based engines: always allowed, it touches no file. */
export const IN_MEMORY = ':memory:';

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

/** The directories a database file may be in: the data dir first, then VITRINA_ALLOWED_FILE_DIRS. */
export function allowedDirectories(dataDir: string, configured: readonly string[]): string[] {
  return [...new Set([dataDir, ...configured].map((dir) => path.resolve(dir)))];
}

/**
 * The absolute path a file-based database should open, or a FILE_NOT_ALLOWED_ERROR naming the allowed
 * directories. Relative paths are taken from the data dir.
 */
export function checkDatabaseFile(
  engine: EngineName,
  file: string | null,
  allowedDirs: readonly string[],
): { path: string } | { error: DatabaseError } {
  if (file === IN_MEMORY) return { path: IN_MEMORY };
  if (!file) {
    return {
      error: databaseError(
        engine,
        'CONNECTION_MISSING_PARAMETERS_ERROR',
        'The database file path is missing.',
        {
          invalid: ['database'],
          missing: ['database'],
        },
      ),
    };
  }
  const absolute = path.resolve(allowedDirs[0] ?? process.cwd(), file);
  const resolved = realPath(absolute);
  const inside = allowedDirs.some((dir) => isInside(resolved, realPath(dir)));
  // The resolved path is what opens, so a link swapped after this check cannot lead elsewhere.
  if (inside) return { path: resolved };
  return {
    error: databaseError(
      engine,
      'FILE_NOT_ALLOWED_ERROR',
      `Database files must be inside the allowed directories: ${allowedDirs.join(', ')}. ` +
        'Set VITRINA_ALLOWED_FILE_DIRS to allow more.',
      { invalid: ['sqlalchemy_uri'] },
    ),
  };
}
