/**
 * The chart debounces of the spec (Superset's FAST_DEBOUNCE and SLOW_DEBOUNCE): fast for a chart's box
 * being resized (it redraws once the dragging or the window settles), slow for typing that asks the
 * server (each pause asks once, not each key).
 */
export const FAST_DEBOUNCE_MS = 250;
export const SLOW_DEBOUNCE_MS = 500;
