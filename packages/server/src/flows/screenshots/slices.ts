import type { Area } from './page.ts';

/**
 * Chromium draws one screenshot into one bitmap, which it cannot make taller than about 16,384
 * device pixels: a taller area is taken as several clips, one under the other, each under the limit.
 */
export const MAX_BITMAP_HEIGHT = 16_000;

/** The area cut into clips of at most `MAX_BITMAP_HEIGHT` device pixels, top to bottom, without gaps. */
export function sliceClips(area: Area, scale: number): Area[] {
  const sliceHeight = Math.max(1, Math.floor(MAX_BITMAP_HEIGHT / scale));
  const clips: Area[] = [];
  for (let top = 0; top < area.height; top += sliceHeight) {
    clips.push({ ...area, y: area.y + top, height: Math.min(sliceHeight, area.height - top) });
  }
  return clips;
}
