/**
 * Filter keys of the form `chartId_column` (Superset's dashboard filter keys; the column may itself
 * hold underscores).
 */

export const INVALID_FILTER_KEY_MESSAGE = 'Cannot parse invalid filter key';

/** A key that is not `chartId_column`; the message is the spec's text. */
export class FilterKeyError extends Error {
  override name = 'FilterKeyError';
  /** The i18n key of the message, for the UI. */
  readonly messageKey = 'nativeFilters.errors.invalidFilterKey';
  constructor(readonly key: string) {
    super(INVALID_FILTER_KEY_MESSAGE);
  }
}

/** `"12_country_code"` → `{chartId: 12, column: 'country_code'}`; anything else throws FilterKeyError. */
export function parseFilterKey(key: string): { chartId: number; column: string } {
  const match = /^(\d+)_(.+)$/.exec(key);
  if (!match) throw new FilterKeyError(key);
  const chartId = Number(match[1]);
  if (!Number.isSafeInteger(chartId)) throw new FilterKeyError(key);
  return { chartId, column: match[2] as string };
}

export function filterKey(chartId: number, column: string): string {
  return `${chartId}_${column}`;
}
