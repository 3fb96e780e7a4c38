import type { ChartDataResult } from '@vitrina/common';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/errors.ts';
import type { ChartStatus } from '../../viz/types.ts';
import { logEvent } from './index.ts';

export interface ChartLoadSubject {
  sliceId: number | null;
  vizType: string | null;
  datasource?: string | null;
}

interface LoadState {
  status: ChartStatus;
  queriesData: readonly ChartDataResult[] | null;
  failure: { error: unknown } | null;
}

/** What one chart data answer says about itself: cached or not, rows, and the server's timings. */
export function loadDetails(queriesData: readonly ChartDataResult[] | null): Record<string, unknown> {
  const first = queriesData?.[0] as Record<string, unknown> | undefined;
  if (!first) return {};
  return {
    is_cached: first.is_cached === true,
    ...(typeof first.rowcount === 'number' ? { row_count: first.rowcount } : {}),
    ...(first.timings && typeof first.timings === 'object' ? { timings: first.timings } : {}),
  };
}

/**
 * Logs `load_chart` when a chart's data arrives or fails (how long it took, cached or not, rows, the
 * server's timings when the answer has them) and `render_chart` once the next frame has been drawn.
 */
export function useChartLoadLog(data: LoadState, subject: ChartLoadSubject): void {
  const started = useRef<number | null>(null);
  const latest = useRef({ data, subject });
  latest.current = { data, subject };
  useEffect(() => {
    if (data.status === 'loading') {
      started.current ??= performance.now();
      return;
    }
    const start = started.current;
    if (start === null) return;
    started.current = null;
    if (data.status !== 'success' && data.status !== 'failed') return;
    const { subject: chart, data: answer } = latest.current;
    const identity = {
      slice_id: chart.sliceId ?? 0,
      viz_type: chart.vizType,
      ...(chart.datasource ? { datasource: chart.datasource } : {}),
    };
    const loaded = performance.now();
    const failed = answer.status === 'failed';
    logEvent('load_chart', {
      ...identity,
      start_offset: Math.round(start),
      duration: Math.round(loaded - start),
      ...loadDetails(answer.queriesData),
      ...(failed
        ? {
            has_err: true,
            error_details: errorDetails(answer.failure?.error),
          }
        : {}),
    });
    if (failed || typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      logEvent('render_chart', {
        ...identity,
        start_offset: Math.round(loaded),
        duration: Math.round(performance.now() - loaded),
      });
    });
  }, [data.status]);
}

/** The error's SIP-40 type and text, e.g. `GENERIC_DB_ENGINE_ERROR: no such table`. */
export function errorDetails(error: unknown): string {
  const type = error instanceof ApiError ? error.errorType : undefined;
  const message = error instanceof Error ? error.message : String(error ?? '');
  return type ? `${type}: ${message}` : message;
}
