import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { booleanOption, choiceOption } from './connectOptions.ts';
import type { ConnectionSpec } from './driver.ts';
import { readOnlyMemoryFile } from './duckdbReadOnlyMemory.ts';

/**
 * The DuckDB instances behind the driver's pools. DuckDB lets one instance write a file; a second
 * instance of it (read-only or not) in the same process is not refused but never sees the first
 * one's later writes. So one instance per file and mode serves every pool of this process that
 * opens it: a database's read-only pool and its writer share one writable instance (the readers'
 * queries then run in read-only transactions, see duckdb.ts), and a database the server never
 * writes opens its file READ_ONLY.
 */

/** An instance shared by pools: created for the first, closed when the last lets go, reopened after. */
export class SharedInstance {
  private refs = 0;
  private instance: Promise<DuckDBInstance> | null = null;
  /** The last close: a reopen waits for it, so one file never has two instances open at once. */
  private closing: Promise<void> = Promise.resolve();

  constructor(private readonly create: () => Promise<DuckDBInstance>) {}

  /** Counts a pool in (once per pool); the instance opens on the first. */
  acquire(): Promise<DuckDBInstance> {
    this.refs += 1;
    if (!this.instance) {
      const created = this.closing.then(() => this.create());
      this.instance = created;
      // A failed open is tried again by the next pool (the file may exist by then).
      created.catch(() => {
        if (this.instance === created) this.instance = null;
      });
    }
    return this.instance;
  }

  /** Counts a pool out; the last one closes the instance. */
  async release(): Promise<void> {
    this.refs -= 1;
    if (this.refs > 0 || !this.instance) return;
    const instance = this.instance;
    this.instance = null;
    this.closing = instance.then(
      (opened) => opened.closeSync(),
      () => undefined,
    );
    await this.closing;
  }
}

/** Per file and mode, for the life of the process (an entry is small and reopens on demand). */
const fileInstances = new Map<string, SharedInstance>();

/**
 * DuckDB's SQL can read and write any file the server can (read_csv('/etc/passwd'), COPY … TO,
 * ATTACH) and load extensions: every instance is shut off from the file system (no allowed
 * directory at all: uploads are read elsewhere, drivers/fileReader.ts) and its configuration is
 * locked so SQL cannot switch the sandbox off again. No database setting opens it (docs/security.md).
 */
async function createSandboxedInstance(
  file: string,
  spec: ConnectionSpec,
  readOnly: boolean,
): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(file, {
    ...instanceOptions(spec),
    // The pool's read-only mode wins over the URI's access_mode.
    ...(readOnly && { access_mode: 'READ_ONLY' }),
  });
  try {
    const connection = await instance.connect();
    try {
      await connection.run('SET GLOBAL enable_external_access = false');
      await connection.run('SET GLOBAL lock_configuration = true');
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  return instance;
}

function instanceOptions(spec: ConnectionSpec): Record<string, string> {
  const options: Record<string, string> = {
    // Extensions are native code fetched from the network: none is installed or loaded on demand.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    allow_community_extensions: 'false',
  };
  const accessMode = choiceOption(spec, 'access_mode');
  if (accessMode) options.access_mode = accessMode.toUpperCase();
  if (booleanOption(spec, 'read_only')) options.access_mode = 'READ_ONLY';
  return options;
}

/** The process's instance of a database file: READ_ONLY, or writable (the default mode). */
export function fileInstance(file: string, spec: ConnectionSpec, readOnly: boolean): SharedInstance {
  const resolved = path.resolve(file);
  const key = `${readOnly ? 'READ_ONLY' : 'DEFAULT'} ${resolved}`;
  let shared = fileInstances.get(key);
  if (!shared) {
    shared = new SharedInstance(() => createSandboxedInstance(resolved, spec, readOnly));
    fileInstances.set(key, shared);
  }
  return shared;
}

/**
 * A new in-memory database. DuckDB cannot open `:memory:` read-only, so a read-only one is an empty
 * database file opened READ_ONLY (duckdbReadOnlyMemory.ts).
 */
export function memoryInstance(spec: ConnectionSpec, readOnly: boolean): SharedInstance {
  return new SharedInstance(() =>
    readOnly
      ? readOnlyMemoryFile().then((file) => createSandboxedInstance(file, spec, true))
      : createSandboxedInstance(':memory:', spec, false),
  );
}
