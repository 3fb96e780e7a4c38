import type { EngineName } from '@vitrina/common/sql/engines';
import type { DatabaseSession, SessionOptions } from './driver.ts';
import { cancelledError, databaseError } from './errorMapping.ts';
import { DatabaseError } from './errors.ts';
import { PoolClosedError, type ResourcePool } from './pool.ts';

/**
 * Sessions of the pooled drivers: one connection taken from the pool and lent to every statement of
 * a script, then destroyed (or given back where the engine keeps no session state worth resetting).
 */

/** What a query takes a connection from: the pool, or a session's one held connection. */
export interface Lender<T> {
  acquire(signal?: AbortSignal): Promise<T>;
  release(resource: T): void;
  discard(resource: T): Promise<void>;
}

/** Lends one held resource to one statement at a time; the next statement waits its turn. */
export class HeldLender<T> implements Lender<T> {
  private busy = false;
  /** Set when a statement broke the connection: it must not serve anything else. */
  lost = false;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly resource: T,
    private readonly engine: EngineName,
  ) {}

  async acquire(signal?: AbortSignal): Promise<T> {
    while (this.busy) {
      if (signal?.aborted) throw cancelledError(this.engine);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (this.lost) {
      throw databaseError(this.engine, 'GENERIC_DB_ENGINE_ERROR', 'The connection of this query was lost.');
    }
    this.busy = true;
    return this.resource;
  }

  release(_resource: T): void {
    this.busy = false;
    this.waiting.shift()?.();
  }

  /** A statement broke the connection (stopped, socket error): the rest of the script cannot run. */
  async discard(resource: T): Promise<void> {
    this.lost = true;
    this.release(resource);
  }
}

export interface PooledSession<T> {
  engine: EngineName;
  pool: ResourcePool<T>;
  /** The statement that makes `schema` the default one, or null for an engine without schemas. */
  useSchema: ((schema: string) => string) | null;
  /** The driver's execute/stream running on the given lender. */
  bind(lender: Lender<T>): DatabaseSession;
  /** True to give the connection back to the pool afterwards instead of destroying it. */
  keepConnection?: boolean;
  /** The driver's mapping of its client's errors (a refused connection…) to typed ones. */
  mapError: (error: unknown) => DatabaseError;
}

/** Runs `work` on one connection of the pool with the schema applied first. */
export async function runPooledSession<T, R>(
  setup: PooledSession<T>,
  options: SessionOptions,
  work: (session: DatabaseSession) => Promise<R>,
): Promise<R> {
  let resource: T;
  try {
    resource = await setup.pool.acquire(options.signal);
  } catch (error) {
    if (options.signal?.aborted) throw cancelledError(setup.engine);
    if (error instanceof PoolClosedError) {
      throw databaseError(setup.engine, 'GENERIC_DB_ENGINE_ERROR', error.message);
    }
    // Opening the connection failed (the database is down): a typed error, as for any other query.
    throw error instanceof DatabaseError ? error : setup.mapError(error);
  }
  const lender = new HeldLender(resource, setup.engine);
  const session = setup.bind(lender);
  let keep = setup.keepConnection === true && !(options.schema && setup.useSchema);
  try {
    if (options.schema && setup.useSchema) {
      await session.execute(setup.useSchema(options.schema), {
        ...(options.signal && { signal: options.signal }),
      });
    }
    const result = await work(session);
    return result;
  } catch (error) {
    keep = false;
    throw error;
  } finally {
    if (keep && !lender.lost) setup.pool.release(resource);
    else await setup.pool.discard(resource);
  }
}
