/**
 * Whether the page is being drawn for a picture (a report's PNG/PDF, a thumbnail): the server's
 * renderer sets this global before the app starts. Charts then skip their animations, so the
 * picture shows each chart finished, and say when they have drawn (drawnSignal.ts).
 */
export const SCREENSHOT_GLOBAL = '__VITRINA_SCREENSHOT__';

export function isScreenshotRender(): boolean {
  return (globalThis as Record<string, unknown>)[SCREENSHOT_GLOBAL] === true;
}

/** An ECharts option as a picture wants it: without animation there. */
export function forScreenshot<T extends Record<string, unknown>>(option: T): T {
  return isScreenshotRender() ? { ...option, animation: false } : option;
}
