import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScreenshotError } from '../../http/screenshots.ts';
import { recordingScreenshots, TINY_PNG } from '../../testing/screenshots.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { drawThumbnail, requestDrawing, THUMBNAILS_QUEUE, thumbnailJobHandler } from './job.ts';
import { markDrawing, readFailure, readPicture } from './store.ts';

describe('the thumbnail job', () => {
  const screenshots = recordingScreenshots();
  let harness: TestApp;
  let userId: number;
  beforeAll(async () => {
    harness = await createTestApp({ screenshots });
    userId = await harness.createUser({ username: 'painter', roles: ['Gamma'] });
  });
  afterAll(async () => harness.close());

  const job = (id: number) => ({ kind: 'chart' as const, id, digest: 'a'.repeat(32), userId });

  it('draws the picture as the user who asked and keeps it', async () => {
    screenshots.calls.length = 0;
    await drawThumbnail(harness.ctx, job(1));
    expect(screenshots.calls).toEqual([
      {
        userId,
        request: {
          subject: { kind: 'chart', id: 1 },
          format: 'png',
          width: 800,
          height: 600,
          scale: 0.5,
          timeoutMs: 60_000,
        },
      },
    ]);
    expect((await readPicture(harness.ctx, job(1)))?.equals(TINY_PNG)).toBe(true);
    // Drawn: the next request may queue it again once the picture expires.
    expect(await markDrawing(harness.ctx, job(1))).toBe(true);
  });

  it('remembers why a capture failed, logs it, and lets it be asked for again', async () => {
    screenshots.failWith = new ScreenshotError('No browser');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await drawThumbnail(harness.ctx, job(2));
      expect(await readPicture(harness.ctx, job(2))).toBeUndefined();
      expect(await readFailure(harness.ctx, job(2))).toBe('No browser');
      expect(warn).toHaveBeenCalledWith('[thumbnails] chart 2 could not be drawn: No browser');
      expect(await markDrawing(harness.ctx, job(2))).toBe(true);
    } finally {
      screenshots.failWith = null;
      warn.mockRestore();
    }
  });

  it('does not draw for a user who is no longer active', async () => {
    const gone = await harness.createUser({ username: 'gone', roles: ['Gamma'], active: false });
    screenshots.calls.length = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await drawThumbnail(harness.ctx, { ...job(3), userId: gone });
      expect(screenshots.calls).toEqual([]);
      expect(await readFailure(harness.ctx, job(3))).toMatch(/not active/);
    } finally {
      warn.mockRestore();
    }
  });

  it('queues one capture per picture however often it is asked for; force queues another', async () => {
    screenshots.calls.length = 0;
    await requestDrawing(harness.ctx, job(4));
    await requestDrawing(harness.ctx, job(4));
    await requestDrawing(harness.ctx, job(5));
    const queue = harness.ctx.platform.queue;
    await queue.process(THUMBNAILS_QUEUE, thumbnailJobHandler(harness.ctx), { concurrency: 10 }).close();
    expect(screenshots.calls.map((call) => call.request.subject)).toEqual([
      { kind: 'chart', id: 4 },
      { kind: 'chart', id: 5 },
    ]);

    screenshots.calls.length = 0;
    await requestDrawing(harness.ctx, job(4));
    await requestDrawing(harness.ctx, job(4), true);
    await queue.process(THUMBNAILS_QUEUE, thumbnailJobHandler(harness.ctx), { concurrency: 10 }).close();
    expect(screenshots.calls).toHaveLength(2);
  });
});
