import { describe, expect, it } from 'vitest';
import { resizedSize } from './resizedSize.ts';

describe('resizedSize', () => {
  // 4 columns of 84 px with 16 px gutters: 4 * 84 + 3 * 16 = 384 px.
  const start = { startPixelWidth: 384, columns: 4 };

  it('keeps the size when the pointer has not moved', () => {
    expect(resizedSize({ ...start, pixelWidth: 384, pixelHeight: 400 })).toEqual({ width: 4, height: 50 });
  });

  it('snaps to whole columns and row units', () => {
    expect(resizedSize({ ...start, pixelWidth: 384 + 100 + 10, pixelHeight: 403 })).toEqual({
      width: 5,
      height: 50,
    });
    expect(resizedSize({ ...start, pixelWidth: 384 + 200, pixelHeight: 405 })).toEqual({
      width: 6,
      height: 51,
    });
    expect(resizedSize({ ...start, pixelWidth: 384 - 100, pixelHeight: 300 })).toEqual({
      width: 3,
      height: 38,
    });
  });

  it('never answers less than one column or unit', () => {
    expect(resizedSize({ ...start, pixelWidth: -50, pixelHeight: -10 })).toEqual({ width: 1, height: 1 });
  });
});
