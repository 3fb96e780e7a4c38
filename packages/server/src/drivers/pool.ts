import type { EngineName } from '@vitrina/common/sql/engines';
import type { DatabaseConnection, PoolOptions } from './driver.ts';
import { databaseError } from './errorMapping.ts';

/**
 * A bounded pool of connections (or any resource) with a FIFO queue: at most `max` resources exist;
 * callers beyond that wait their turn instead of failing. Waiting can be abandoned through an
 * AbortSignal (a cancelled or timed-out query leaves the queue at once). Resources are created
 * lazily, reused while healthy, and destroyed when released as broken, when more than `keepIdle` would
 * sit idle, or when the pool closes.
 */
export interface PoolFactory<T> {
  create(): Promise<T>;
  destroy(resource: T): Promise<void>;
}

interface Waiter<T> {
  resolve(resource: T): void;
  reject(error: unknown): void;
  cleanup(): void;
}

export class PoolClosedError extends Error {
  constructor() {
    super('The connection pool is closed');
    this.name = 'PoolClosedError';
  }
}

export class ResourcePool<T> {
  private readonly idle: T[] = [];
  private readonly busy = new Set<T>();
  private readonly waiters: Waiter<T>[] = [];
  /** Resources being created right now (they count towards max). */
  private creating = 0;
  private closed = false;

  /** Resources kept while idle: the rest are destroyed when given back (SQLAlchemy's overflow). */
  private readonly keepIdle: number;

  constructor(
    private readonly factory: PoolFactory<T>,
    readonly max: number,
    keepIdle: number = max,
  ) {
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`Pool size must be a positive integer, got ${max}`);
    this.keepIdle = Math.max(0, Math.min(max, keepIdle));
  }

  /** Resources that exist or are being created. */
  get size(): number {
    return this.idle.length + this.busy.size + this.creating;
  }

  get inUse(): number {
    return this.busy.size;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** A resource for the caller's exclusive use until release()/discard(). */
  acquire(signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    if (signal?.aborted) return Promise.reject(signal.reason);
    const ready = this.idle.pop();
    if (ready !== undefined) {
      this.busy.add(ready);
      return Promise.resolve(ready);
    }
    if (this.size < this.max) return this.createFor();
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter<T> = {
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Gives a healthy resource back: the next waiter gets it, or it waits idle. */
  release(resource: T): void {
    if (!this.busy.delete(resource)) return;
    const waiter = this.closed ? undefined : this.waiters.shift();
    if (waiter) {
      waiter.cleanup();
      this.busy.add(resource);
      waiter.resolve(resource);
    } else if (this.closed || this.idle.length >= this.keepIdle) {
      void this.factory.destroy(resource).catch(() => undefined);
    } else {
      this.idle.push(resource);
    }
  }

  /** Gives a broken resource back: it is destroyed and its slot goes to the next waiter. */
  async discard(resource: T): Promise<void> {
    if (!this.busy.delete(resource)) return;
    this.serveWaiter();
    await this.factory.destroy(resource).catch(() => undefined);
  }

  /** Runs `fn` with a resource, releasing it afterwards (discarding it when `fn` says it is broken). */
  async use<R>(
    fn: (resource: T) => Promise<R>,
    signal?: AbortSignal,
    isBroken?: (error: unknown) => boolean,
  ): Promise<R> {
    const resource = await this.acquire(signal);
    try {
      const result = await fn(resource);
      this.release(resource);
      return result;
    } catch (error) {
      if (isBroken?.(error)) await this.discard(resource);
      else this.release(resource);
      throw error;
    }
  }

  /** Ends every resource; waiting callers are rejected. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      waiter.cleanup();
      waiter.reject(new PoolClosedError());
    }
    const all = [...this.idle.splice(0), ...this.busy];
    this.busy.clear();
    await Promise.all(all.map((resource) => this.factory.destroy(resource).catch(() => undefined)));
  }

  private async createFor(): Promise<T> {
    this.creating += 1;
    let resource: T;
    try {
      resource = await this.factory.create();
    } catch (error) {
      this.creating -= 1;
      this.serveWaiter();
      throw error;
    }
    this.creating -= 1;
    if (this.closed) {
      await this.factory.destroy(resource).catch(() => undefined);
      throw new PoolClosedError();
    }
    this.busy.add(resource);
    return resource;
  }

  /** A slot became free: create a resource for the first waiter, if any. */
  private serveWaiter(): void {
    if (this.closed || this.size >= this.max) return;
    const waiter = this.waiters.shift();
    if (!waiter) return;
    waiter.cleanup();
    this.createFor().then(waiter.resolve, waiter.reject);
  }
}

/**
 * DatabaseConnection.writer() of a driver whose writer is simply a second pool on the same database
 * (every network engine, SQLite files): opened on first use, closed with the read-only pool.
 */
export class WriterSlot {
  private opened: DatabaseConnection | null = null;

  constructor(
    private readonly engine: EngineName,
    private readonly owner: DatabaseConnection,
    private readonly options: PoolOptions,
    private readonly open: (options: PoolOptions) => DatabaseConnection,
  ) {}

  get(): DatabaseConnection {
    if (!this.options.readOnly) return this.owner;
    if (!this.options.serverWrites) {
      throw databaseError(
        this.engine,
        'GENERIC_DB_ENGINE_ERROR',
        'This database allows no writes: it has no writable connection.',
      );
    }
    this.opened ??= this.open({ ...this.options, readOnly: false });
    return this.opened;
  }

  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = null;
    await opened?.close();
  }
}
