/**
 * The async job events of this browser session (superset-api.md §7) and who waits for them: one
 * listener per job id. An event can arrive before its listener (the websocket may push a job's outcome
 * while its 202 is still being read), so such an event is tried again up to 6 times, 100 ms later each
 * time than the last (100, 200, … 600 ms), then dropped. The hub also keeps the last event id seen, from
 * which the transports resume.
 */

/** One event as the server sends it: its stream id and the job metadata. */
export interface AsyncEvent {
  id: string;
  job_id: string;
  status: string;
  channel_id?: string;
  user_id?: number | null;
  errors?: unknown[];
  result_url?: string | null;
}

export type JobListener = (event: AsyncEvent) => void;

/** Superset's MAX_RETRIES and LISTENER_RETRY_DELAY for events whose listener is not there yet. */
export const LISTENER_RETRIES = 6;
export const LISTENER_RETRY_STEP_MS = 100;

const EVENT_ID = /^(\d+)-(\d+)$/;

/** Whether stream id a comes after b (ids are "<milliseconds>-<sequence>"). */
export function eventIdAfter(a: string, b: string): boolean {
  const [, aMs = '0', aSeq = '0'] = EVENT_ID.exec(a) ?? [];
  const [, bMs = '0', bSeq = '0'] = EVENT_ID.exec(b) ?? [];
  return Number(aMs) - Number(bMs) > 0 || (aMs === bMs && Number(aSeq) > Number(bSeq));
}

/** The event a message carries, or null when it is not one (the caller logs and skips it). */
export function asAsyncEvent(value: unknown): AsyncEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Partial<AsyncEvent>;
  if (typeof event.id !== 'string' || !EVENT_ID.test(event.id)) return null;
  if (typeof event.job_id !== 'string' || typeof event.status !== 'string') return null;
  return event as AsyncEvent;
}

export interface AsyncEventHubOptions {
  /** Where an earlier page of this browser stopped reading (kept in localStorage by the glue). */
  lastId?: string | null;
  /** Told of each newer last id, to keep it. */
  onLastId?: (id: string) => void;
  /** Told when someone starts waiting, so an idle transport starts reading again. */
  onWaiting?: () => void;
  log?: (message: string, ...details: unknown[]) => void;
}

export class AsyncEventHub {
  readonly #listeners = new Map<string, JobListener>();
  /** Events waiting for their listener: retries made per job id, and the timers of those pending. */
  readonly #retries = new Map<string, number>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #options: AsyncEventHubOptions;
  #lastId: string | null;

  constructor(options: AsyncEventHubOptions = {}) {
    this.#options = options;
    this.#lastId = options.lastId ?? null;
  }

  /** The id of the newest event received: transports read after it. */
  get lastId(): string | null {
    return this.#lastId;
  }

  /** Whether anyone waits for an event (a job's listener, or an event waiting for its listener). */
  get waiting(): boolean {
    return this.#listeners.size > 0 || this.#timers.size > 0;
  }

  /** Calls listener for each event of the job until the returned function removes it. */
  listen(jobId: string, listener: JobListener): () => void {
    this.#listeners.set(jobId, listener);
    this.#options.onWaiting?.();
    return () => {
      if (this.#listeners.get(jobId) === listener) this.#listeners.delete(jobId);
    };
  }

  /** Events from a transport, oldest first; anything that is not an event is logged and skipped. */
  receive(messages: readonly unknown[]): void {
    for (const message of messages) {
      const event = asAsyncEvent(message);
      if (!event) {
        this.#log('received a message that is not an async event', message);
        continue;
      }
      if (this.#lastId === null || eventIdAfter(event.id, this.#lastId)) {
        this.#lastId = event.id;
        this.#options.onLastId?.(event.id);
      }
      this.#dispatch(event);
    }
  }

  /** Stops the retries waiting (the page is going away). */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#retries.clear();
    this.#listeners.clear();
  }

  #dispatch(event: AsyncEvent): void {
    const listener = this.#listeners.get(event.job_id);
    if (listener) {
      this.#retries.delete(event.job_id);
      listener(event);
      return;
    }
    const tries = (this.#retries.get(event.job_id) ?? 0) + 1;
    if (tries > LISTENER_RETRIES) {
      this.#retries.delete(event.job_id);
      this.#log('no listener for job', event.job_id);
      return;
    }
    this.#retries.set(event.job_id, tries);
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#dispatch(event);
    }, LISTENER_RETRY_STEP_MS * tries);
    this.#timers.add(timer);
  }

  #log(message: string, ...details: unknown[]): void {
    (this.#options.log ?? console.warn)(message, ...details);
  }
}
