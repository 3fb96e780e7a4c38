import { describe, expect, it } from 'vitest';
import { chartAndDashboardOf, chartDataLogEntry, referrerOf, rowCountOf } from './actionLog.ts';
import { encodeTimedResults, HIT_PHASES, resultBody, servedPhases } from './timings.ts';

describe('encodeTimedResults', () => {
  it('encodes each result once and adds its timings to the text; results without phases stay as they are', () => {
    let elapsed = 40;
    const { texts, timings } = encodeTimedResults(
      [
        {
          entry: { data: [{ city: 'Москва' }], rowcount: 1 },
          phases: { ...servedPhases(false, { database_ms: 12.34, post_processing_ms: 0.56 }) },
        },
        { entry: { data: [], rowcount: 0 }, phases: { ...HIT_PHASES, queue_wait_ms: 3, before_ms: 100 } },
        { entry: { query: 'SELECT 1', language: 'sql' }, phases: null },
      ],
      () => (elapsed += 1),
    );
    const body = JSON.parse(resultBody(texts).toString('utf8')) as { result: Array<Record<string, unknown>> };
    expect(body.result[0]).toMatchObject({ data: [{ city: 'Москва' }], rowcount: 1 });
    expect(body.result[0]?.timings).toEqual(timings[0]);
    expect(timings[0]).toMatchObject({
      queue_wait_ms: null,
      database_ms: 12.3,
      post_processing_ms: 0.6,
      total_ms: 41,
      cache: 'miss',
    });
    expect(timings[0]?.serialisation_ms).toBeGreaterThanOrEqual(0);
    // An async result: the job's time before the fetch counts in its total.
    expect(timings[1]).toMatchObject({ queue_wait_ms: 3, database_ms: 0, total_ms: 142, cache: 'hit' });
    expect(timings[2]).toBeNull();
    expect(body.result[2]).toEqual({ query: 'SELECT 1', language: 'sql' });
  });

  it('reports a shared run as a miss with its phases, a cache read as a hit that ran nothing', () => {
    expect(servedPhases(true, { database_ms: 5, post_processing_ms: 1 })).toEqual(HIT_PHASES);
    expect(servedPhases(false, undefined)).toMatchObject({ cache: 'miss', database_ms: 0 });
  });
});

describe('the action log entry of a chart data answer', () => {
  it('takes the chart and dashboard from the first form data that names them', () => {
    expect(chartAndDashboardOf({ slice_id: '12', dashboard_id: 7 }, { slice_id: 3, dashboardId: 4 })).toEqual(
      {
        sliceId: 12,
        dashboardId: 7,
      },
    );
    expect(chartAndDashboardOf(null, { slice_id: 3, dashboardId: 4 })).toEqual({
      sliceId: 3,
      dashboardId: 4,
    });
    expect(chartAndDashboardOf('text', { slice_id: -1, dashboard_id: 'x' })).toEqual({
      sliceId: null,
      dashboardId: null,
    });
  });

  it('keeps at most 1000 characters of the referrer', () => {
    expect(referrerOf({ referer: `http://x/${'a'.repeat(2000)}` })?.length).toBe(1000);
    expect(referrerOf({})).toBeNull();
  });

  it('records who, what, how long and the timings', () => {
    const timings = {
      queue_wait_ms: null,
      database_ms: 1,
      post_processing_ms: 1,
      serialisation_ms: 1,
      total_ms: 5,
      cache: 'hit' as const,
    };
    expect(
      chartDataLogEntry({
        principal: null,
        sliceId: 1,
        dashboardId: null,
        referrer: null,
        vizType: 'pie',
        datasource: '3__table',
        durationMs: 5.4,
        timings: [timings],
        rowCount: rowCountOf([{ rowcount: 2 }, { rowcount: 3 }, {}]),
      }),
    ).toEqual({
      action: 'chart_data',
      userId: null,
      dashboardId: null,
      sliceId: 1,
      durationMs: 5,
      referrer: null,
      details: { timings: [timings], viz_type: 'pie', datasource: '3__table', row_count: 5, cache: 'hit' },
    });
  });
});
