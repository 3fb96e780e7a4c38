/**
 * `?dashboard_batching=0` in the page's URL makes a dashboard fetch one request per chart, as Superset
 * does: kept for comparing both ways (bench/dashboard.bench.ts) and for telling a batching fault apart.
 */
export const BATCHING_PARAMETER = 'dashboard_batching';

export function batchingDisabled(search: string): boolean {
  return new URLSearchParams(search).get(BATCHING_PARAMETER) === '0';
}
