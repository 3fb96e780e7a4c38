import { useQuery } from '@tanstack/react-query';
import type { TimeRangeBounds } from '@vitrina/common';
import { api } from './client.ts';

/**
 * `GET /api/v1/time_range/?q=<rison>` (superset-api.md §3.5): the server evaluates a time range string
 * to its bounds, naive ISO (`""` for an open bound). A range it cannot read is a 400 whose message
 * ("Unexpected time range: …") the picker shows as it is.
 */
const TIME_RANGE_PATH = '/api/v1/time_range/';

export type { TimeRangeBounds };

export const timeRangeKeys = {
  bounds: (timeRange: string) => ['timeRange', timeRange] as const,
};

export function fetchTimeRangeBounds(timeRange: string): Promise<TimeRangeBounds> {
  return api.get<{ result: TimeRangeBounds[] | TimeRangeBounds }>(TIME_RANGE_PATH, timeRange).then((body) => {
    // Older servers answered one object rather than a list.
    const bounds = Array.isArray(body.result) ? body.result[0] : body.result;
    if (!bounds) throw new Error(`No bounds for ${timeRange}`);
    return bounds;
  });
}

/** The bounds of a range; `null` asks nothing (a range still being typed). */
export function useTimeRangeBounds(timeRange: string | null) {
  return useQuery({
    queryKey: timeRangeKeys.bounds(timeRange ?? ''),
    queryFn: () => fetchTimeRangeBounds(timeRange ?? ''),
    enabled: timeRange !== null,
    // Relative ranges move with the clock, but not within a minute of editing.
    staleTime: 60_000,
    retry: false,
  });
}
