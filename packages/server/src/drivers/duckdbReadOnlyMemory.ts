import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/**
 * DuckDB refuses to open `:memory:` read-only. A read-only in-memory database is an empty database
 * file opened READ_ONLY instead: it starts as empty as `:memory:`, and its catalog is named `memory`
 * like one, but the engine refuses every write to it (temporary objects, which live in the
 * connection's own `temp` catalog, still work). One file per process, in a private temporary folder
 * (mode 0700) removed when the process exits.
 */
let emptyFile: Promise<string> | null = null;

export function readOnlyMemoryFile(): Promise<string> {
  emptyFile ??= createEmptyFile().catch((error: unknown) => {
    emptyFile = null;
    throw error;
  });
  return emptyFile;
}

async function createEmptyFile(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-memory-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'memory.duckdb');
  const instance = await DuckDBInstance.create(file);
  instance.closeSync();
  return file;
}
