/**
 * A dataset column that is a partition key of its table says so in its `extra` JSON (Superset's column
 * payload has no field for it): `{"partition_key": true}`. The server writes the key from what the
 * driver reported at the last sync and ignores it in what clients send.
 */
export const PARTITION_KEY_EXTRA = 'partition_key';

/** Whether a column's `extra` JSON text marks it as a partition key; unreadable text does not. */
export function isPartitionKeyColumn(column: { extra?: string | null }): boolean {
  if (!column.extra) return false;
  try {
    const extra: unknown = JSON.parse(column.extra);
    return (
      typeof extra === 'object' &&
      extra !== null &&
      (extra as Record<string, unknown>)[PARTITION_KEY_EXTRA] === true
    );
  } catch {
    return false;
  }
}
