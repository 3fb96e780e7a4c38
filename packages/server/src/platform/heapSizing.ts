import v8 from 'node:v8';

/**
 * Bounds how far V8 grows its heap past the live data (docs/decisions.md). Under steady traffic V8
 * raised its next-collection limit to about three times the live heap over the first minutes and kept
 * the pages: the ten-minute soak's resident memory rose 200 MB while the live heap stayed flat. With a
 * fixed factor of 1.5 the heap holds at about 1.5 times the live data, and the soak served more, not
 * less. 0 leaves V8's own heuristics in place.
 */
export function applyHeapSizing(growingPercent: number): void {
  if (growingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${growingPercent}`);
}
