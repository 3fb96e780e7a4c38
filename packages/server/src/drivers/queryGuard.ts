import type { EngineName } from '@vitrina/common/sql/engines';
import { cancelledError, timeoutError } from './errorMapping.ts';
import { DatabaseError } from './errors.ts';

/** How long a stopped query may take to wind down after the database was told to stop it. */
const STOP_GRACE_MS = 5000;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * The per-query timeout and cancellation of one query (or one stream). Time spent waiting on the
 * database counts against the timeout: the whole wait for execute(), the sum of batch fetches for a
 * stream (a slow consumer does not time the query out). On timeout or abort the registered
 * canceller stops the query in the database (pg_cancel_backend, KILL QUERY, interrupt…), the
 * pending wait winds down, and the caller gets SQLLAB_TIMEOUT_ERROR or QUERY_CANCELLED_ERROR.
 */
export class QueryGuard {
  private readonly stopper = new AbortController();
  private reason: DatabaseError | null = null;
  private canceller: (() => unknown) | null = null;
  private remainingMs: number;
  private readonly onAbort = () => this.stop(cancelledError(this.engine));

  constructor(
    private readonly engine: EngineName,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.remainingMs = timeoutMs > 0 && Number.isFinite(timeoutMs) ? timeoutMs : Number.POSITIVE_INFINITY;
    if (signal?.aborted) this.stop(cancelledError(engine));
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Aborts when the query must stop; pass it to pool acquisition and client calls that accept one. */
  get stopSignal(): AbortSignal {
    return this.stopper.signal;
  }

  /** The typed error the query stopped with, or null while it may run. */
  get stopped(): DatabaseError | null {
    return this.reason;
  }

  /** Registers how to stop the running query in the database (null once it no longer runs). */
  onStop(canceller: (() => unknown) | null): void {
    this.canceller = canceller;
    if (canceller && this.reason) this.runCanceller();
  }

  /** Stops the query as cancelled (used when a stream's consumer goes away). */
  cancel(): void {
    this.stop(cancelledError(this.engine));
  }

  /** One wait on the database, bounded by what is left of the timeout. */
  async step<T>(work: () => Promise<T>, mapError: (error: unknown) => DatabaseError): Promise<T> {
    if (this.reason) throw this.reason;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let grace: NodeJS.Timeout | undefined;
    let onStopped: (() => void) | undefined;
    let outcome: Outcome<T>;
    try {
      outcome = await new Promise<Outcome<T>>((resolve) => {
        Promise.resolve()
          .then(work)
          .then(
            (value) => resolve({ ok: true, value }),
            (error: unknown) => resolve({ ok: false, error }),
          );
        if (Number.isFinite(this.remainingMs)) {
          timer = setTimeout(
            () => this.stop(timeoutError(this.engine, this.timeoutMs)),
            Math.max(0, this.remainingMs),
          );
        }
        onStopped = () => {
          grace = setTimeout(() => resolve({ ok: false, error: this.reason }), STOP_GRACE_MS);
        };
        this.stopper.signal.addEventListener('abort', onStopped, { once: true });
      });
    } finally {
      clearTimeout(timer);
      clearTimeout(grace);
      if (onStopped) this.stopper.signal.removeEventListener('abort', onStopped);
      this.remainingMs -= performance.now() - started;
    }
    if (this.reason) throw this.reason;
    if (outcome.ok) return outcome.value;
    throw outcome.error instanceof DatabaseError ? outcome.error : mapError(outcome.error);
  }

  /** Detaches from the caller's signal; call when the query is over. */
  dispose(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private stop(error: DatabaseError): void {
    if (this.reason) return;
    this.reason = error;
    this.stopper.abort(error);
    if (this.canceller) this.runCanceller();
  }

  private runCanceller(): void {
    const canceller = this.canceller;
    if (!canceller) return;
    Promise.resolve()
      .then(canceller)
      .catch(() => undefined);
  }
}

/** Runs one guarded query: the usual shape of execute(). */
export async function guarded<T>(
  engine: EngineName,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  mapError: (error: unknown) => DatabaseError,
  work: (guard: QueryGuard) => Promise<T>,
): Promise<T> {
  const guard = new QueryGuard(engine, timeoutMs, signal);
  try {
    return await guard.step(() => work(guard), mapError);
  } finally {
    guard.dispose();
  }
}
