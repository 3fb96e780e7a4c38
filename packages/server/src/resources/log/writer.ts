import type { Kysely } from 'kysely';
import type { EventLog, LogEntry } from '../../http/eventLog.ts';
import type { MetastoreSchema, NewLogRow } from '../../platform/metastore/schema.ts';
import { insertLogs } from './repo.ts';

/**
 * The action log's writer: `record` only queues, a timer writes what is queued once a second (or as
 * soon as a batch is full) in one multi-row insert per batch, so recording never waits on the
 * metastore. A failed write is logged and its batch dropped; when the metastore is stuck the queue
 * keeps only the newest entries, counting what it drops, so the log can never eat the server's memory.
 */

export interface EventLogWriterOptions {
  /** How long an entry may wait before it is written. */
  flushIntervalMs?: number;
  /** Entries per insert; a full batch is written at once. */
  batchSize?: number;
  /** Entries kept waiting at most; older ones are dropped beyond it. */
  maxQueued?: number;
  /** Where failures and drops are reported. */
  log: { warn(message: string): void; error(message: string): void };
}

export interface EventLogWriter extends EventLog {
  /** Entries dropped so far (queue full or a failed write). */
  readonly dropped: number;
  /** Entries waiting to be written. */
  readonly queued: number;
}

export const FLUSH_INTERVAL_MS = 1000;
export const BATCH_SIZE = 200;
export const MAX_QUEUED = 20_000;

const MAX_REFERRER = 1000;
const MAX_ACTION = 512;

/** A log entry as a `logs` row. */
export function logRow(entry: LogEntry, now: Date): NewLogRow {
  return {
    action: entry.action.slice(0, MAX_ACTION),
    user_id: entry.userId,
    dashboard_id: wholeOrNull(entry.dashboardId),
    slice_id: wholeOrNull(entry.sliceId),
    json: JSON.stringify(entry.details),
    dttm: (entry.at ?? now).toISOString(),
    duration_ms: entry.durationMs === null ? null : wholeOrNull(Math.round(entry.durationMs)),
    referrer: entry.referrer === null ? null : entry.referrer.slice(0, MAX_REFERRER),
  };
}

/** Integers that fit the column; anything else is stored as unknown rather than failing the batch. */
function wholeOrNull(value: number | null): number | null {
  return value !== null && Number.isSafeInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : null;
}

export function createEventLogWriter(
  db: Kysely<MetastoreSchema>,
  options: EventLogWriterOptions,
): EventLogWriter {
  const flushIntervalMs = options.flushIntervalMs ?? FLUSH_INTERVAL_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const maxQueued = Math.max(options.maxQueued ?? MAX_QUEUED, batchSize);
  let queue: NewLogRow[] = [];
  let dropped = 0;
  let droppedSinceWarning = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  // One write at a time, in order: a flush waits for the one before it. At most one flush waits
  // behind the running one (it writes everything queued meanwhile), so a stuck store grows no chain.
  let writing: Promise<void> = Promise.resolve();
  let flushWaiting = false;

  const warnAboutDrops = () => {
    if (droppedSinceWarning === 0) return;
    options.log.warn(
      `Action log: dropped ${droppedSinceWarning} entries (${dropped} since start); the metadata store is not keeping up`,
    );
    droppedSinceWarning = 0;
  };

  const drop = (count: number) => {
    dropped += count;
    droppedSinceWarning += count;
  };

  const writeQueued = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      try {
        await insertLogs(db, batch);
      } catch (error) {
        drop(batch.length);
        options.log.error(
          `Action log: could not write ${batch.length} entries: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    warnAboutDrops();
  };

  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (flushWaiting) return writing;
    flushWaiting = true;
    writing = writing.then(() => {
      flushWaiting = false;
      return writeQueued();
    });
    return writing;
  };

  const schedule = () => {
    if (queue.length >= batchSize) {
      void flush();
      return;
    }
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushIntervalMs);
    // A process with nothing else to do may exit with entries waiting; close() writes them first.
    timer.unref();
  };

  return {
    get dropped() {
      return dropped;
    },
    get queued() {
      return queue.length;
    },
    record(given) {
      const entries = Array.isArray(given) ? given : [given as LogEntry];
      if (entries.length === 0) return;
      const now = new Date();
      for (const entry of entries) {
        try {
          queue.push(logRow(entry, now));
        } catch (error) {
          // A record that cannot be serialised (a cycle, a BigInt) is reported, never thrown at the caller.
          drop(1);
          options.log.error(
            `Action log: could not record '${entry.action}': ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      if (queue.length > maxQueued) {
        const excess = queue.length - maxQueued;
        queue = queue.slice(excess);
        drop(excess);
      }
      if (closed) {
        void flush();
        return;
      }
      schedule();
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
