import { GRID_BASE_UNIT, GRID_GUTTER_SIZE } from '@vitrina/common';

export interface ResizeInput {
  /** The box's size under the pointer, in pixels. */
  pixelWidth: number;
  pixelHeight: number;
  /** The box's width when the drag started, and its width then in grid columns. */
  startPixelWidth: number;
  columns: number;
}

/**
 * Pixels to whole grid columns and row units. One column is measured from the box itself: `columns`
 * columns plus the gutters between them make its starting width. The layout operation clamps the result.
 */
export function resizedSize({ pixelWidth, pixelHeight, startPixelWidth, columns }: ResizeInput): {
  width: number;
  height: number;
} {
  const columnPitch = (startPixelWidth + GRID_GUTTER_SIZE) / Math.max(1, columns);
  return {
    width: Math.max(1, Math.round((pixelWidth + GRID_GUTTER_SIZE) / columnPitch)),
    height: Math.max(1, Math.round(pixelHeight / GRID_BASE_UNIT)),
  };
}
