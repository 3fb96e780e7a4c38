// @vitest-environment jsdom

import type { QueryContext } from '@vitrina/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { fetchChartData } from './useChartData.ts';

/**
 * fetchChartData with GLOBAL_ASYNC_QUERIES on, through the page glue (api/async/browser.ts) against a
 * fake server that answers 202 and lists the job's event when polled (the server's transport: polling).
 */

const CONTEXT: QueryContext = {
  datasource: { id: 3, type: 'table' },
  queries: [{ columns: ['country'], metrics: ['count'], row_limit: 100 }],
  result_format: 'json',
  result_type: 'full',
};
const RESULTS = { result: [{ data: [{ country: 'FR', count: 2 }], rowcount: 1 }] };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let jobs = 0;
/** Events the fake server lists, and the last_id of each poll. */
const events: Array<Record<string, unknown>> = [];
const polledAfter: Array<string | null> = [];
let outcome: (jobId: string) => Record<string, unknown>;

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
      if (url.startsWith('/api/v1/feature_flags/')) {
        return json(200, {
          result: { GLOBAL_ASYNC_QUERIES: true },
          conf: {
            GLOBAL_ASYNC_QUERIES_TRANSPORT: 'polling',
            GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: '/api/v1/async_event/ws',
            GLOBAL_ASYNC_QUERIES_POLLING_DELAY: 20,
          },
        });
      }
      if (url.startsWith('/api/v1/chart/data/')) return json(200, RESULTS);
      if (url.startsWith('/api/v1/chart/data')) {
        jobs += 1;
        const jobId = `job-${jobs}`;
        // The job finishes a little later, as a worker would.
        setTimeout(() => events.push({ id: `${1000 + jobs}-0`, job_id: jobId, ...outcome(jobId) }), 30);
        return json(202, { channel_id: 'c', job_id: jobId, user_id: 1, status: 'pending', errors: [] });
      }
      if (url.startsWith('/api/v1/async_event/')) {
        const lastId = new URL(url, 'http://app').searchParams.get('last_id');
        polledAfter.push(lastId);
        const after = lastId ? events.filter((e) => String(e.id) > lastId) : events;
        return json(200, { result: after });
      }
      return json(404, { message: 'Not found' });
    }),
  );
});

afterAll(() => vi.unstubAllGlobals());

describe('fetchChartData with async queries', () => {
  it("waits for a 202's job and answers its result_url's results", async () => {
    outcome = (jobId) => ({ status: 'done', errors: [], result_url: `/api/v1/chart/data/${jobId}-key` });
    await expect(fetchChartData(CONTEXT)).resolves.toEqual(RESULTS.result);
    expect(polledAfter.length).toBeGreaterThan(0);
  });

  it('rejects with the error the job published, and resumes polling after the last event', async () => {
    outcome = () => ({
      status: 'error',
      result_url: null,
      errors: [{ message: 'Binder Error: no column "nope"', error_type: 'GENERIC_DB_ENGINE_ERROR' }],
    });
    const error = await fetchChartData(CONTEXT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Binder Error: no column "nope"');
    expect(polledAfter).toContain('1001-0');
    expect(window.localStorage.getItem('last_async_event_id')).toBe('1002-0');
  });
});
