/**
 * Cell bars of numeric table columns, as Superset draws them: a bar as wide as the value's share of the
 * column's range. Aligned (alignPositiveNegative) bars all start at the left edge and measure |value|
 * against the largest |value|; otherwise zero sits where the column's negative extent ends, negative
 * bars grow left from it and positive bars right.
 */
import { cellNumber } from '../echartsShared/formData.ts';

export type ValueRange = [number, number];

/** The range bars are measured against; null when the column has no numbers. */
export function valueRange(values: Iterable<unknown>, alignPositiveNegative: boolean): ValueRange | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const raw of values) {
    const value = cellNumber(raw);
    if (value === null) continue;
    const measured = alignPositiveNegative ? Math.abs(value) : value;
    if (measured < min) min = measured;
    if (measured > max) max = measured;
  }
  if (min > max) return null;
  return alignPositiveNegative ? [0, max] : [min, max];
}

export interface CellBar {
  /** Offset of the bar's left edge, percent of the cell width. */
  left: number;
  /** Width of the bar, percent of the cell width. */
  width: number;
  color: string;
}

/** Green for positive and red for negative values when asked; otherwise a neutral grey. */
export function barColor(value: number, colorPositiveNegative: boolean): string {
  if (!colorPositiveNegative) return 'rgba(0,0,0,0.12)';
  return value < 0 ? 'rgba(224,67,85,0.3)' : 'rgba(90,193,137,0.3)';
}

/** The bar of one value, or null for empty cells and degenerate ranges. */
export function cellBar(
  raw: unknown,
  range: ValueRange,
  alignPositiveNegative: boolean,
  colorPositiveNegative: boolean,
): CellBar | null {
  const value = cellNumber(raw);
  if (value === null) return null;
  const [minValue, maxValue] = range;
  const color = barColor(value, colorPositiveNegative);
  if (alignPositiveNegative) {
    if (maxValue === 0) return null;
    return { left: 0, width: Math.abs(Math.round((value / maxValue) * 100)), color };
  }
  const positiveExtent = Math.abs(Math.max(maxValue, 0));
  const negativeExtent = Math.abs(Math.min(minValue, 0));
  const total = positiveExtent + negativeExtent;
  if (total === 0) return null;
  return {
    left: Math.round((Math.min(negativeExtent + value, negativeExtent) / total) * 100),
    width: Math.round((Math.abs(value) / total) * 100),
    color,
  };
}
