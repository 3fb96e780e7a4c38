import type { ChartDataResult } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { errorDetails, loadDetails } from './useChartLoadLog.ts';

describe('what load_chart says about an answer', () => {
  it('reads cached, rows and the server timings of the first query', () => {
    const timings = {
      queue_wait_ms: 1,
      database_ms: 20,
      post_processing_ms: 2,
      serialisation_ms: 3,
      cache: 'miss',
    };
    expect(
      loadDetails([
        { colnames: [], coltypes: [], is_cached: true, rowcount: 12, timings, data: [] } as ChartDataResult,
      ]),
    ).toEqual({
      is_cached: true,
      row_count: 12,
      timings,
    });
    expect(loadDetails([{ colnames: [], coltypes: [], data: [] } as unknown as ChartDataResult])).toEqual({
      is_cached: false,
    });
    expect(loadDetails(null)).toEqual({});
  });

  it('names the error type of a failure', () => {
    expect(
      errorDetails(
        new ApiError({ status: 400, serverMessage: 'no such table', errorType: 'GENERIC_DB_ENGINE_ERROR' }),
      ),
    ).toBe('GENERIC_DB_ENGINE_ERROR: no such table');
    expect(errorDetails(new Error('boom'))).toBe('boom');
  });
});
