import type { JsonValue } from '../json.ts';
import { currentRequestId, runWithRequestId } from '../requestScope.ts';
import type { JobHandler, JobQueue, ProcessOptions } from './jobQueue.ts';

/** The payload field a job's request id travels in (object payloads only). */
export const REQUEST_ID_FIELD = 'request_id';

/**
 * A queue whose jobs carry the request id that enqueued them: enqueue adds it to object payloads,
 * and each job runs with it as the current request id (the payload's, else the job's own id), so
 * the worker's log lines name the HTTP request or scheduler tick that started the work.
 */
export function carryingRequestIds(queue: JobQueue): JobQueue {
  return {
    enqueue: (queueName, payload, options) => queue.enqueue(queueName, withRequestId(payload), options),
    process: <P extends JsonValue>(queueName: string, handler: JobHandler<P>, options?: ProcessOptions) =>
      queue.process<P>(
        queueName,
        (job) => runWithRequestId(requestIdOf(job.payload) ?? job.id, () => handler(job)),
        options,
      ),
    getState: (queueName, jobId) => queue.getState(queueName, jobId),
    stats: (queueName) => queue.stats(queueName),
    ping: () => queue.ping(),
    close: () => queue.close(),
  };
}

function withRequestId(payload: JsonValue): JsonValue {
  const requestId = currentRequestId();
  if (requestId === undefined || !isObject(payload) || REQUEST_ID_FIELD in payload) return payload;
  return { ...payload, [REQUEST_ID_FIELD]: requestId };
}

export function requestIdOf(payload: JsonValue): string | undefined {
  if (!isObject(payload)) return undefined;
  const value = payload[REQUEST_ID_FIELD];
  return typeof value === 'string' ? value : undefined;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
