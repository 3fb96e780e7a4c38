/**
 * A time the report API sends. The metastore keeps naive UTC text (Superset's convention), so text
 * without an offset is read as UTC rather than as the browser's local time.
 */
export function serverTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const date = new Date(hasZone ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Seconds between two server times; null when either is missing. */
export function durationSeconds(start: string | null, end: string | null): number | null {
  const from = serverTime(start);
  const to = serverTime(end);
  if (!from || !to) return null;
  return Math.max(0, (to.getTime() - from.getTime()) / 1000);
}
