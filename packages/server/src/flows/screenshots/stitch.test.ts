import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { MAX_BITMAP_HEIGHT, sliceClips } from './slices.ts';
import { stitchPngs } from './stitch.ts';

function solid(width: number, height: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let at = 0; at < png.data.length; at += 4) png.data.set([...rgb, 255], at);
  return PNG.sync.write(png);
}

describe('sliceClips', () => {
  it('covers a tall area top to bottom in clips under the bitmap limit', () => {
    const area = { x: 10, y: 20, width: 300, height: 40_000 };
    const clips = sliceClips(area, 2);
    expect(clips.every((clip) => clip.height * 2 <= MAX_BITMAP_HEIGHT)).toBe(true);
    expect(clips[0]!.y).toBe(20);
    for (let i = 1; i < clips.length; i++) expect(clips[i]!.y).toBe(clips[i - 1]!.y + clips[i - 1]!.height);
    expect(clips.reduce((sum, clip) => sum + clip.height, 0)).toBe(40_000);
    expect(clips.every((clip) => clip.x === 10 && clip.width === 300)).toBe(true);
  });

  it('keeps a short area as one clip', () => {
    expect(sliceClips({ x: 0, y: 0, width: 5, height: 700 }, 1)).toEqual([
      { x: 0, y: 0, width: 5, height: 700 },
    ]);
  });
});

describe('stitchPngs', () => {
  it('lays the slices one under the other, in order', async () => {
    const stitched = PNG.sync.read(
      await stitchPngs([solid(4, 3, [255, 0, 0]), solid(4, 2, [0, 255, 0]), solid(4, 1, [0, 0, 255])]),
    );
    expect([stitched.width, stitched.height]).toEqual([4, 6]);
    const pixel = (y: number) => [...stitched.data.subarray(y * 16, y * 16 + 4)];
    expect(pixel(0)).toEqual([255, 0, 0, 255]);
    expect(pixel(2)).toEqual([255, 0, 0, 255]);
    expect(pixel(3)).toEqual([0, 255, 0, 255]);
    expect(pixel(5)).toEqual([0, 0, 255, 255]);
  });

  it('refuses slices of different widths', async () => {
    await expect(stitchPngs([solid(4, 1, [0, 0, 0]), solid(5, 1, [0, 0, 0])])).rejects.toThrow(
      /differ in width/,
    );
  });
});
