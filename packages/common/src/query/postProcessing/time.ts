/**
 * Temporal values in frames. Decision: post-processing works on epoch milliseconds (UTC, numbers),
 * the representation the chart data API returns for temporal columns; operations that read time
 * (resample) also accept ISO-8601 strings (a string without an offset is read as UTC, as Superset
 * treats naive timestamps) and Date objects, and always write epoch milliseconds.
 */
export function toEpochMs(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') return Number.NaN;
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
    let iso = s.replace(' ', 'T');
    if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) iso += 'T00:00:00';
    if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso)) iso += 'Z';
    // Offsets written as +0300 or +03 become +03:00.
    iso = iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/([+-]\d{2})$/, '$1:00');
    return Date.parse(iso);
  }
  return Number.NaN;
}
