import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { Json } from './json.ts';
import { SqlParseError } from './types.ts';

/**
 * A DuckDB instance used only to parse: in memory, no external access (no files, no network),
 * no extension auto-loading, configuration locked so no text can loosen it. It never holds a table.
 */
let connection: Promise<DuckDBConnection> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function connect(): Promise<DuckDBConnection> {
  connection ??= DuckDBInstance.create(':memory:', {
    enable_external_access: 'false',
    autoload_known_extensions: 'false',
    autoinstall_known_extensions: 'false',
    lock_configuration: 'true',
  }).then((instance) => instance.connect());
  return connection;
}

/** One call at a time on the single connection. */
function serial<T>(work: (db: DuckDBConnection) => Promise<T>): Promise<T> {
  const result = queue.then(async () => work(await connect()));
  queue = result.catch(() => undefined);
  return result;
}

/** How many statements DuckDB's parser finds; SqlParseError when it cannot parse the text. */
export function countStatements(sql: string): Promise<number> {
  return serial(async (db) => {
    try {
      return (await db.extractStatements(sql)).count;
    } catch (error) {
      throw new SqlParseError(
        'duckdb',
        (error as Error).message.replace(/^Failed to extract statements: /, ''),
      );
    }
  });
}

export type Serialized = { ok: true; statements: Json[] } | { ok: false; error: string; notSelect: boolean };

/** DuckDB's syntax tree of each statement, through json_serialize_sql (SELECT statements only). */
export function serialize(sql: string): Promise<Serialized> {
  return serial(async (db) => {
    const prepared = await db.prepare('SELECT json_serialize_sql($1::VARCHAR)');
    prepared.bindVarchar(1, sql);
    const rows = (await prepared.runAndReadAll()).getRows();
    const result = JSON.parse(String(rows[0]?.[0])) as {
      error: boolean;
      error_type?: string;
      error_message?: string;
      statements?: Json[];
    };
    if (!result.error) return { ok: true, statements: result.statements ?? [] };
    return {
      ok: false,
      error: result.error_message ?? 'unknown error',
      notSelect: result.error_type === 'not implemented',
    };
  });
}
