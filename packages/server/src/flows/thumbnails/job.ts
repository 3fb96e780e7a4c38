import { randomUUID } from 'node:crypto';
import { ScreenshotError } from '../../http/screenshots.ts';
import type { AppContext } from '../../http/types.ts';
import type { JobHandler } from '../../platform/queue/jobQueue.ts';
import { loadPrincipal } from '../../security/principal.ts';
import { cropToCharts } from './crop.ts';
import { CAPTURE_TIMEOUT_MS, THUMBNAIL_WINDOWS } from './settings.ts';
import { clearDrawing, markDrawing, storeFailure, storePicture, type Thumbnail } from './store.ts';

/** Drawing thumbnails on a worker: one job per picture, drawn as the user who asked for it. */

export const THUMBNAILS_QUEUE = 'thumbnails';

export type ThumbnailJob = Thumbnail & { userId: number };

/**
 * Queues the capture unless it is already queued or running; `force` queues it again all the same.
 * The drawing mark, not the job id alone, keeps it queued once: queues remember finished job ids, and
 * a picture that expired or was evicted must be drawable again under the same digest.
 */
export async function requestDrawing(ctx: AppContext, job: ThumbnailJob, force = false): Promise<void> {
  const first = await markDrawing(ctx, job);
  if (!first && !force) return;
  // Named after the picture for whoever reads the queue; the suffix lets a forced capture queue again.
  const jobId = `thumbnail-${job.kind}-${job.id}-${job.digest}-${randomUUID()}`;
  try {
    await ctx.platform.queue.enqueue(THUMBNAILS_QUEUE, { ...job }, { jobId });
  } catch (error) {
    await clearDrawing(ctx, job);
    throw error;
  }
}

export async function drawThumbnail(ctx: AppContext, job: ThumbnailJob): Promise<void> {
  try {
    const principal = await loadPrincipal(ctx.metastore.db, job.userId);
    if (!principal) throw new ScreenshotError('The user who asked for the picture is not active');
    const picture = await ctx.screenshots.capture(principal, {
      subject: { kind: job.kind, id: job.id },
      format: 'png',
      ...THUMBNAIL_WINDOWS[job.kind],
      timeoutMs: CAPTURE_TIMEOUT_MS,
    });
    await storePicture(ctx, job, job.kind === 'dashboard' ? cropToCharts(picture) : picture.content);
  } catch (error) {
    // Remembered for a while, so viewers get the placeholder at once instead of a capture per request.
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[thumbnails] ${job.kind} ${job.id} could not be drawn: ${reason}`);
    await storeFailure(ctx, job, reason);
  } finally {
    await clearDrawing(ctx, job);
  }
}

export function thumbnailJobHandler(ctx: AppContext): JobHandler {
  return async (job) => drawThumbnail(ctx, job.payload as unknown as ThumbnailJob);
}
