import { type DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { LRUCache } from 'lru-cache';
import type { Json } from './json.ts';
import { SqlParseError } from './types.ts';

/**
 * A DuckDB instance used only to parse: in memory, no external access (no files, no network),
 * no extension auto-loading, configuration locked so no text can loosen it. It never holds a table.
 */
let instance: Promise<DuckDBInstance> | null = null;

/**
 * One connection of the instance with its own queue: a connection runs one call at a time, and a call
 * finishes only on a turn of the event loop, so one connection parses at most one text a turn. A
 * loaded server's turn takes tenths of a second, and forty SQL Lab tabs running new texts waited in
 * that one queue past the client's timeout; a few lanes parse side by side on the thread pool.
 */
interface Lane {
  connection: Promise<DuckDBConnection>;
  serializer: Promise<DuckDBPreparedStatement> | null;
  queue: Promise<unknown>;
  waiting: number;
}

/** As many as libuv's thread pool runs at once by default: more lanes would only queue there. */
const LANES = 4;
const lanes: Lane[] = [];

function lane(): Lane {
  if (lanes.length < LANES) {
    instance ??= DuckDBInstance.create(':memory:', {
      enable_external_access: 'false',
      autoload_known_extensions: 'false',
      autoinstall_known_extensions: 'false',
      lock_configuration: 'true',
    });
    const opened = instance;
    const fresh: Lane = {
      connection: opened.then((db) => db.connect()),
      serializer: null,
      queue: Promise.resolve(),
      waiting: 0,
    };
    lanes.push(fresh);
    return fresh;
  }
  return lanes.reduce((best, next) => (next.waiting < best.waiting ? next : best));
}

/** One call at a time on the least busy lane's connection. */
function serial<T>(work: (db: DuckDBConnection, lane: Lane) => Promise<T>): Promise<T> {
  const chosen = lane();
  chosen.waiting++;
  const result = chosen.queue.then(async () => work(await chosen.connection, chosen));
  chosen.queue = result
    .catch(() => undefined)
    .finally(() => {
      chosen.waiting--;
    });
  return result;
}

/** How many calls wait on each lane now (for tests: calls spread over the lanes). */
export function parserLaneLoad(): number[] {
  return lanes.map((each) => each.waiting);
}

/** A text being parsed right now: a second caller with the same text waits for the same answer. */
const inFlight = new Map<string, Promise<string | number>>();

/**
 * What the parser said of a text, kept: the answer depends on the text alone, and each call to the
 * engine is a trip through the thread pool that waits behind all other I/O of a busy server — a SQL Lab
 * run parsed its text in six such trips and starved beside cached chart traffic (docs/decisions.md).
 * Bounded by the texts' total length; a long script is parsed again rather than kept.
 */
const MAX_KEPT_TEXT = 64 * 1024;
const kept = new LRUCache<string, { value: string | number } | { error: string }>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (value, key) => key.length + ('value' in value ? String(value.value).length : 0) + 64,
});

const keptKey = (kind: 'count' | 'serialize', sql: string) => `${kind}\u0000${sql}`;

async function remembered<T extends string | number>(
  kind: 'count' | 'serialize',
  sql: string,
  work: () => Promise<T>,
): Promise<T> {
  if (sql.length > MAX_KEPT_TEXT) return work();
  const key = keptKey(kind, sql);
  const hit = kept.get(key);
  if (hit) {
    if ('error' in hit) throw new SqlParseError('duckdb', hit.error);
    return hit.value as T;
  }
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const parsed = work().then(
    (value) => {
      kept.set(key, { value });
      return value;
    },
    (error: unknown) => {
      if (error instanceof SqlParseError) kept.set(key, { error: error.message });
      throw error;
    },
  );
  inFlight.set(key, parsed);
  try {
    return await parsed;
  } finally {
    inFlight.delete(key);
  }
}

/** How many statements DuckDB's parser finds; SqlParseError when it cannot parse the text. */
export function countStatements(sql: string): Promise<number> {
  return remembered('count', sql, () =>
    serial(async (db) => {
      try {
        return (await db.extractStatements(sql)).count;
      } catch (error) {
        throw new SqlParseError(
          'duckdb',
          (error as Error).message.replace(/^Failed to extract statements: /, ''),
        );
      }
    }),
  );
}

export type Serialized = { ok: true; statements: Json[] } | { ok: false; error: string; notSelect: boolean };

/** DuckDB's syntax tree of each statement, through json_serialize_sql (SELECT statements only). */
export async function serialize(sql: string): Promise<Serialized> {
  const text = await remembered('serialize', sql, () =>
    serial(async (db, lane) => {
      // Prepared once a lane: each call is one trip (run), its one-row answer read from the materialized result.
      lane.serializer ??= db.prepare('SELECT json_serialize_sql($1::VARCHAR)').catch((error) => {
        lane.serializer = null;
        throw error;
      });
      const prepared = await lane.serializer;
      prepared.bindVarchar(1, sql);
      const result = await prepared.run();
      return String(result.chunkCount > 0 ? result.getChunk(0).getRows()[0]?.[0] : null);
    }),
  );
  // Parsed anew from the kept text on every call: callers get a tree of their own.
  const result = JSON.parse(text) as {
    error: boolean;
    error_type?: string;
    error_message?: string;
    statements?: Json[];
  };
  if (!result.error) {
    const statements = result.statements ?? [];
    // DuckDB serializes only when every statement is a SELECT: the tree also answers how many there are.
    const countKey = keptKey('count', sql);
    if (sql.length <= MAX_KEPT_TEXT && !kept.has(countKey)) kept.set(countKey, { value: statements.length });
    return { ok: true, statements };
  }
  return {
    ok: false,
    error: result.error_message ?? 'unknown error',
    notSelect: result.error_type === 'not implemented',
  };
}
