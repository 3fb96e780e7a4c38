import { type DashboardMetadata, DEFAULT_STAGGER_TIME_MS } from '@vitrina/common';

/** Superset's auto-refresh choices, in seconds (0 = don't refresh). */
export const REFRESH_INTERVALS_SECONDS = [0, 10, 30, 60, 300, 1800, 3600, 21600, 43200, 86400] as const;

/** The share of the interval a periodic refresh may spread its charts over (as in Superset). */
const INTERVAL_SHARE_FOR_STAGGER = 0.2;

export interface ScheduledRefresh {
  chartId: number;
  /** Milliseconds after the tick at which this chart is refreshed. */
  delayMs: number;
}

type RefreshMetadata = Pick<
  DashboardMetadata,
  'stagger_refresh' | 'stagger_time' | 'timed_refresh_immune_slices'
>;

/**
 * When each chart refreshes on one tick of the auto-refresh: immune charts are left out; the others
 * are spread evenly over max(a fifth of the interval, stagger_time) unless stagger_refresh is false,
 * so a large dashboard does not send all its queries at once.
 */
export function periodicRefreshSchedule(
  chartIds: readonly number[],
  metadata: RefreshMetadata,
  intervalSeconds: number,
): ScheduledRefresh[] {
  const immune = new Set(metadata.timed_refresh_immune_slices ?? []);
  const affected = chartIds.filter((id) => !immune.has(id));
  const stagger = metadata.stagger_refresh !== false && affected.length > 1;
  const spreadMs = Math.max(
    intervalSeconds * 1000 * INTERVAL_SHARE_FOR_STAGGER,
    metadata.stagger_time ?? DEFAULT_STAGGER_TIME_MS,
  );
  const stepMs = stagger ? spreadMs / (affected.length - 1) : 0;
  return affected.map((chartId, index) => ({ chartId, delayMs: Math.round(stepMs * index) }));
}

/** The nearest known interval, so a stored odd value still shows a choice. */
export function knownInterval(seconds: number | undefined): number {
  if (!seconds || seconds <= 0) return 0;
  return REFRESH_INTERVALS_SECONDS.includes(seconds as (typeof REFRESH_INTERVALS_SECONDS)[number])
    ? seconds
    : REFRESH_INTERVALS_SECONDS.reduce((best, choice) =>
        Math.abs(choice - seconds) < Math.abs(best - seconds) ? choice : best,
      );
}
