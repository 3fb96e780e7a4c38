import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of the work in progress: set for an HTTP request (http/requestId.ts), a queued job
 * (processes/worker.ts) and a scheduler task, read where work leaves this process (jobs it enqueues)
 * and where it logs, so an operator can follow one request across processes.
 */
const scope = new AsyncLocalStorage<string>();

/** Letters, digits and `._:-`, at most 128 characters: safe in headers, log lines and job payloads. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client's X-Request-Id when it is one we accept; undefined otherwise (a new id is made). */
export function acceptedRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : undefined;
}

export function newRequestId(): string {
  return randomUUID();
}

/** Runs `work` with `requestId` as the current one (and everything it starts, asynchronously too). */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return scope.getStore();
}
