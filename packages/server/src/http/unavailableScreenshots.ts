import { ScreenshotError, type Screenshotter } from './screenshots.ts';

/**
 * A Screenshotter for a process without a browser: every capture fails with `reason`, so whoever asked
 * for a picture records a failure instead of waiting for one.
 */
export function unavailableScreenshots(reason: string): Screenshotter {
  return {
    capture: async () => {
      throw new ScreenshotError(reason);
    },
    close: async () => {},
  };
}
