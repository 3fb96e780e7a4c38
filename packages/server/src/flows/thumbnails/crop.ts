import { PNG } from 'pngjs';
import type { DrawnChart, Screenshot } from '../../http/screenshots.ts';

/**
 * A dashboard's thumbnail is cut to where its charts are drawn. The picture holds the dashboard's whole
 * width, so a dashboard whose charts fill only its left part would otherwise show them small in the card's
 * top-left corner, with empty grid beside them; a chart's thumbnail fills its card because the chart fills
 * its page. The header's left part and a margin stay.
 */

/** Picture pixels kept around the charts (16 CSS pixels at the thumbnail's 0.25 scale). */
export const CROP_MARGIN = 4;

export interface Crop {
  width: number;
  height: number;
}

/**
 * How much of the picture, from its top-left corner, holds every chart (plus the margin); null when there
 * is nothing to cut (no charts, or they reach the edges already).
 */
export function chartsCrop(charts: readonly DrawnChart[], picture: Crop, margin = CROP_MARGIN): Crop | null {
  if (charts.length === 0) return null;
  const right = Math.max(...charts.map((chart) => chart.box.x + chart.box.width));
  const bottom = Math.max(...charts.map((chart) => chart.box.y + chart.box.height));
  const width = Math.min(picture.width, Math.max(1, Math.ceil(right + margin)));
  const height = Math.min(picture.height, Math.max(1, Math.ceil(bottom + margin)));
  return width === picture.width && height === picture.height ? null : { width, height };
}

/** The PNG cut to its charts (see chartsCrop); the picture as it was when there is nothing to cut. */
export function cropToCharts(picture: Pick<Screenshot, 'content' | 'charts'>): Buffer {
  if (picture.charts.length === 0) return picture.content;
  const png = PNG.sync.read(picture.content);
  const crop = chartsCrop(picture.charts, png);
  if (!crop) return picture.content;
  const out = new PNG({ width: crop.width, height: crop.height });
  PNG.bitblt(png, out, 0, 0, crop.width, crop.height, 0, 0);
  return PNG.sync.write(out);
}
