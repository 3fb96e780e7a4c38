import type { ChartDataResult, ChartDataTimings } from '@vitrina/common';
import { roundMs, timingsOf } from '@vitrina/common/query/timings';
import { type RefObject, useEffect, useSyncExternalStore } from 'react';
import { DRAWN_SIGNAL_ATTRIBUTES, isDrawn } from './drawnSignal.ts';
import type { AnswerTiming } from './useChartData.ts';

/**
 * Where a chart's time went, for its Timing view: the server's timings of each query result, the
 * request's round trip and the time from the answer's arrival until the chart was drawn (the page's
 * drawn signal, drawnSignal.ts: ECharts' finished frame, no spinner left). One small entry per chart
 * on screen, keyed by the caller (a dashboard's chart id, explore's chart), dropped when it unmounts.
 */

export interface ChartTiming {
  /** The server's timings, one per query result that carries them. */
  server: ChartDataTimings[];
  roundTripMs: number;
  /** Null while the chart is still drawing. */
  renderMs: number | null;
}

const timings = new Map<string, ChartTiming>();
const listeners = new Set<() => void>();

function publish(key: string, timing: ChartTiming | undefined): void {
  if (timing) timings.set(key, timing);
  else timings.delete(key);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chart's last timing (undefined before its first answer). */
export function useChartTiming(key: string): ChartTiming | undefined {
  return useSyncExternalStore(subscribe, () => timings.get(key));
}

/** The server timings of an answer's results (those that carry them). */
export function serverTimings(queriesData: readonly ChartDataResult[]): ChartDataTimings[] {
  return queriesData.flatMap((result) => timingsOf(result) ?? []);
}

/**
 * Records each answer of a chart under `key` and, once `box` shows it drawn, its render time. `box` is
 * the element the chart draws in.
 */
export function useRecordChartTiming(
  key: string,
  queriesData: ChartDataResult[] | null,
  answered: AnswerTiming | null,
  box: RefObject<HTMLElement | null>,
): void {
  useEffect(() => () => publish(key, undefined), [key]);

  useEffect(() => {
    if (!answered || !queriesData) return;
    const base = {
      server: serverTimings(queriesData),
      roundTripMs: roundMs(answered.receivedAt - answered.startedAt),
    };
    publish(key, { ...base, renderMs: null });
    const element = box.current;
    if (!element) return;
    let frame = 0;
    let done = false;
    const check = () => {
      cancelAnimationFrame(frame);
      // One frame later, as the drawn signal: canvases report 'finished' before they are composited.
      frame = requestAnimationFrame(() => {
        if (done || !isDrawn(element)) return;
        done = true;
        observer.disconnect();
        publish(key, { ...base, renderMs: roundMs(performance.now() - answered.receivedAt) });
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: DRAWN_SIGNAL_ATTRIBUTES,
    });
    check();
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [key, queriesData, answered, box]);
}
