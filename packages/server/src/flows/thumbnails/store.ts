import type { AppContext } from '../../http/types.ts';
import type { ThumbnailKind } from './digest.ts';
import { FAILURE_SECONDS, PENDING_SECONDS } from './settings.ts';

/**
 * Where drawn thumbnails wait for their viewers: the PNG bytes and a remembered failure in the results
 * store (binary values with a TTL, in-process or Redis), the "being drawn" mark in the cache (its
 * increment is atomic in both, so one request in many enqueues the capture).
 */

export interface Thumbnail {
  kind: ThumbnailKind;
  id: number;
  digest: string;
}

const keyOf = (prefix: string, { kind, id, digest }: Thumbnail) => `${prefix}:${kind}:${id}:${digest}`;

export async function readPicture(ctx: AppContext, thumbnail: Thumbnail): Promise<Buffer | undefined> {
  return ctx.platform.results.get(keyOf('thumbnail', thumbnail));
}

export async function storePicture(ctx: AppContext, thumbnail: Thumbnail, png: Buffer): Promise<void> {
  await ctx.platform.results.put(keyOf('thumbnail', thumbnail), png, ctx.config.thumbnails.cacheSeconds);
  await ctx.platform.results.delete(keyOf('thumbnail-failed', thumbnail));
}

/** Why the last capture failed, while that is remembered. */
export async function readFailure(ctx: AppContext, thumbnail: Thumbnail): Promise<string | undefined> {
  return (await ctx.platform.results.get(keyOf('thumbnail-failed', thumbnail)))?.toString('utf8');
}

export async function storeFailure(ctx: AppContext, thumbnail: Thumbnail, reason: string): Promise<void> {
  await ctx.platform.results.put(keyOf('thumbnail-failed', thumbnail), reason, FAILURE_SECONDS);
}

/** Marks the picture as being drawn; true for the one caller that marked it first. */
export async function markDrawing(ctx: AppContext, thumbnail: Thumbnail): Promise<boolean> {
  return (await ctx.platform.cache.increment(keyOf('thumbnail-pending', thumbnail), PENDING_SECONDS)) === 1;
}

export async function clearDrawing(ctx: AppContext, thumbnail: Thumbnail): Promise<void> {
  await ctx.platform.cache.delete(keyOf('thumbnail-pending', thumbnail));
}
