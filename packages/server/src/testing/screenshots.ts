import type { Screenshot, ScreenshotRequest, Screenshotter } from '../http/screenshots.ts';
import type { Principal } from '../security/principal.ts';

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==',
  'base64',
);

export interface RecordedCapture {
  userId: number;
  request: ScreenshotRequest;
}

/** A Screenshotter that answers TINY_PNG (or fails, when told to) and records who asked for what. */
export function recordingScreenshots(): Screenshotter & {
  calls: RecordedCapture[];
  failWith: Error | null;
} {
  const fake = {
    calls: [] as RecordedCapture[],
    failWith: null as Error | null,
    async capture(principal: Principal, request: ScreenshotRequest): Promise<Screenshot> {
      fake.calls.push({ userId: principal.id, request });
      if (fake.failWith) throw fake.failWith;
      return { content: TINY_PNG, contentType: 'image/png', charts: [] };
    },
    close: async () => {},
  };
  return fake;
}
