import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { ConnectionParameters } from '@vitrina/common/sql/uri';
import { getDriver } from '../drivers/index.ts';
import type { Principal } from '../security/principal.ts';
import { IN_MEMORY } from './filePaths.ts';

/**
 * Who may connect what. A file-based engine opens files on the server (and SQLite's SQL can ATTACH
 * any file the server can read), so only administrators connect one. An in-memory database of an
 * engine that keeps it in a locked sandbox (DuckDB: no file, no network, no extensions, settings
 * locked) reaches nothing, so any database writer may use it.
 */
export function administratorsOnly(parsed: Pick<ConnectionParameters, 'engine' | 'database'>): boolean {
  if (!getDialect(parsed.engine).capabilities.fileBased) return false;
  return !(parsed.database === IN_MEMORY && getDriver(parsed.engine).sandboxedMemory === true);
}

/** The message a non-administrator gets for such a connection, or null when they may make it. */
export function connectionRefusal(
  principal: Principal,
  parsed: Pick<ConnectionParameters, 'engine' | 'database'>,
): string | null {
  if (principal.isAdmin || !administratorsOnly(parsed)) return null;
  const dialect = getDialect(parsed.engine);
  const memory = getDriver(parsed.engine).sandboxedMemory
    ? ` A sandboxed in-memory database (${dialect.uriSchemes[0]}:///${IN_MEMORY}) is open to you.`
    : '';
  return `Only administrators can connect ${dialect.displayName} databases, because they open files on the server.${memory}`;
}
