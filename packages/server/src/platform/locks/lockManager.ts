/** A held lock. It expires on its own unless renewed, so a crashed holder cannot block others forever. */
export interface Lock {
  readonly name: string;
  /** Extends the lock by ttlMs from now; false when it was lost (expired, and maybe taken by another). */
  renew(ttlMs: number): Promise<boolean>;
  /** Frees the lock if this holder still has it; false (and nothing happens) otherwise. */
  release(): Promise<boolean>;
}

/** Named, expiring, non-blocking mutual exclusion, e.g. so exactly one scheduler runs. */
export interface LockManager {
  /** The lock when it was free; null at once when someone else holds it. */
  acquire(name: string, ttlMs: number): Promise<Lock | null>;
  close(): Promise<void>;
}
