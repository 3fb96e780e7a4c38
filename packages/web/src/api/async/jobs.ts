/**
 * What a chart data answer means with GLOBAL_ASYNC_QUERIES (Superset's handleChartDataResponse and
 * waitForAsyncData): 200 is the data; 202 is a queued job whose event is awaited — `done` fetches its
 * result_url, `error` rejects with the server's error as any failed request does, another status is only
 * logged; any other status is 'Received unexpected response status'.
 */
import { ApiError, errorFromResponse, timeoutError } from '../errors.ts';
import type { AsyncEvent, JobListener } from './events.ts';

/** The 202 body: the queued job's metadata. */
export interface AsyncJobMetadata {
  job_id: string;
  channel_id?: string;
  status?: string;
  result_url?: string | null;
}

export const UNEXPECTED_STATUS_KEY = 'asyncQueries.unexpectedStatus';
export const NO_RESULT_URL_KEY = 'asyncQueries.noResultUrl';

export function unexpectedStatusError(status: number): ApiError {
  return new ApiError({ status, messageKey: UNEXPECTED_STATUS_KEY });
}

/** The error a failed job's event carries, mapped as the same error in an HTTP answer would be. */
export function jobError(event: AsyncEvent): ApiError {
  return errorFromResponse(500, { errors: Array.isArray(event.errors) ? event.errors : [] });
}

export interface WaitOptions {
  /** Registers the job's listener (the hub's listen). */
  listen: (jobId: string, listener: JobListener) => () => void;
  /** `GET result_url`: the job's results. */
  fetchResult: (resultUrl: string, signal?: AbortSignal) => Promise<unknown>;
  signal?: AbortSignal;
  /** Gives up with the request timeout error; 0 or none: no limit. */
  timeoutMs?: number;
  log?: (message: string, ...details: unknown[]) => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Waits for the job's outcome and answers what its result_url answers. */
export function waitForJob(job: AsyncJobMetadata, options: WaitOptions): Promise<unknown> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = () => {
      settled = true;
      unlisten();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      if (settled) return;
      finish();
      reject(abortReason(signal as AbortSignal));
    };
    const unlisten = options.listen(job.job_id, (event) => {
      if (settled) return;
      switch (event.status) {
        case 'done': {
          finish();
          if (!event.result_url) {
            reject(new ApiError({ status: 500, messageKey: NO_RESULT_URL_KEY }));
            return;
          }
          options.fetchResult(event.result_url, signal).then(resolve, reject);
          return;
        }
        case 'error':
          finish();
          reject(jobError(event));
          return;
        default:
          (options.log ?? console.log)('received an async event with status', event.status);
      }
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    if (options.timeoutMs) {
      timer = setTimeout(() => {
        if (settled) return;
        finish();
        reject(timeoutError());
      }, options.timeoutMs);
    }
  });
}

/** A chart data answer by its status: the body of a 200, the awaited job's of a 202. */
export async function settleChartDataAnswer(
  answer: { status: number; body: unknown },
  wait: (job: AsyncJobMetadata) => Promise<unknown>,
): Promise<unknown> {
  if (answer.status === 200) return answer.body;
  if (answer.status === 202) {
    const job = answer.body as AsyncJobMetadata | null;
    if (!job || typeof job.job_id !== 'string') throw unexpectedStatusError(answer.status);
    return wait(job);
  }
  throw unexpectedStatusError(answer.status);
}
