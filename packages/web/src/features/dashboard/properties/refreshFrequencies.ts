/** The refresh choices of a dashboard, in seconds (Superset's list); 0 means no periodic refresh. */
export const REFRESH_FREQUENCIES = [0, 10, 30, 60, 300, 1800, 3600, 21600, 43200, 86400] as const;

/**
 * How a frequency reads: each listed choice has its own text (so Russian needs no plural rules); any
 * other value from the metadata reads as seconds.
 */
export function refreshLabel(seconds: number): { key: string; count: number } {
  return (REFRESH_FREQUENCIES as readonly number[]).includes(seconds)
    ? { key: `dashboardProperties.refresh.s${seconds}`, count: seconds }
    : { key: 'dashboardProperties.refresh.other', count: seconds };
}
