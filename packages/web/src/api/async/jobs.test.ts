import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ERROR_TYPES } from '../errors.ts';
import { type AsyncEvent, AsyncEventHub } from './events.ts';
import { settleChartDataAnswer, UNEXPECTED_STATUS_KEY, waitForJob } from './jobs.ts';

const JOB = { job_id: 'job-1', channel_id: 'c', status: 'pending', result_url: null };
const RESULTS = { result: [{ data: [{ n: 1 }], rowcount: 1 }] };

function setUp() {
  const hub = new AsyncEventHub({ log: () => undefined });
  const fetchResult = vi.fn(async (_url: string) => RESULTS);
  const log = vi.fn();
  const wait = (signal?: AbortSignal, timeoutMs?: number) =>
    waitForJob(JOB, {
      listen: (jobId, listener) => hub.listen(jobId, listener),
      fetchResult,
      log,
      ...(signal ? { signal } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  const send = (event: Partial<AsyncEvent>) =>
    hub.receive([{ id: '1-0', job_id: 'job-1', status: 'done', ...event }]);
  return { hub, fetchResult, log, wait, send };
}

describe('waitForJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on done, answers what result_url answers', async () => {
    const { hub, fetchResult, wait, send } = setUp();
    const waiting = wait();
    send({ status: 'done', result_url: '/api/v1/chart/data/abc' });
    await expect(waiting).resolves.toEqual(RESULTS);
    expect(fetchResult).toHaveBeenCalledWith('/api/v1/chart/data/abc', undefined);
    expect(hub.waiting).toBe(false);
  });

  it('on error, rejects with the server error parsed as any failed request is', async () => {
    const { hub, wait, send } = setUp();
    const waiting = wait();
    send({
      status: 'error',
      result_url: null,
      errors: [{ message: 'column "nope" does not exist', error_type: 'GENERIC_DB_ENGINE_ERROR' }],
    });
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('column "nope" does not exist');
    expect((error as ApiError).errorType).toBe('GENERIC_DB_ENGINE_ERROR');
    expect(hub.waiting).toBe(false);
  });

  it('only logs an event with another status, and keeps waiting', async () => {
    const { fetchResult, log, wait, send } = setUp();
    const waiting = wait();
    send({ id: '1-0', status: 'running' });
    expect(log).toHaveBeenCalledWith('received an async event with status', 'running');
    expect(fetchResult).not.toHaveBeenCalled();
    send({ id: '2-0', status: 'done', result_url: '/api/v1/chart/data/k' });
    await expect(waiting).resolves.toEqual(RESULTS);
  });

  it('stops waiting when aborted, and times out with the request timeout error', async () => {
    const { hub, wait } = setUp();
    const controller = new AbortController();
    const aborted = wait(controller.signal);
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(hub.waiting).toBe(false);

    const slow = wait(undefined, 60_000).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(((await slow) as ApiError).errorType).toBe(ERROR_TYPES.timeout);
    expect(hub.waiting).toBe(false);
  });
});

describe('settleChartDataAnswer', () => {
  it('answers a 200 body as it is and waits for the job of a 202', async () => {
    const wait = vi.fn(async () => RESULTS);
    await expect(settleChartDataAnswer({ status: 200, body: RESULTS }, wait)).resolves.toBe(RESULTS);
    expect(wait).not.toHaveBeenCalled();
    await expect(settleChartDataAnswer({ status: 202, body: JOB }, wait)).resolves.toBe(RESULTS);
    expect(wait).toHaveBeenCalledWith(JOB);
  });

  it("says 'Received unexpected response status' for any other status", async () => {
    const wait = vi.fn();
    for (const status of [201, 204, 206]) {
      const error = await settleChartDataAnswer({ status, body: null }, wait).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).messageKey).toBe(UNEXPECTED_STATUS_KEY);
      expect((error as ApiError).message).toMatch(/^Received unexpected response status/);
    }
    // A 202 without a job is no better.
    await expect(settleChartDataAnswer({ status: 202, body: {} }, wait)).rejects.toBeInstanceOf(ApiError);
    expect(wait).not.toHaveBeenCalled();
  });
});
