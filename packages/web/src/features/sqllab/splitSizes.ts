/** The north pane's share of the editor's height, remembered in local storage. */
export const NORTH_PERCENT_KEY = 'vitrina.sqllab.northPercent';
export const DEFAULT_NORTH_PERCENT = 40;
const MIN_PERCENT = 15;
const MAX_PERCENT = 85;

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_NORTH_PERCENT;
  return Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, value));
}

export function readNorthPercent(storage: Storage = window.localStorage): number {
  const stored = Number(storage.getItem(NORTH_PERCENT_KEY));
  return stored ? clampPercent(stored) : DEFAULT_NORTH_PERCENT;
}

export function writeNorthPercent(value: number, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(NORTH_PERCENT_KEY, String(clampPercent(value)));
  } catch {
    // Not remembering the size is harmless.
  }
}
