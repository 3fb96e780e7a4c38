import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CROP_MARGIN, chartsCrop, cropToCharts } from './crop.ts';

const chart = (x: number, y: number, width: number, height: number) => ({
  chartId: 1,
  box: { x, y, width, height },
});

function picture(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png);
}

describe('a dashboard thumbnail cut to its charts', () => {
  it('keeps the part from the top-left corner that holds every chart, with a margin', () => {
    const crop = chartsCrop([chart(4, 20, 120, 60), chart(130, 20, 100, 90)], { width: 400, height: 300 });
    expect(crop).toEqual({ width: 230 + CROP_MARGIN, height: 110 + CROP_MARGIN });
  });

  it('leaves a picture whose charts reach its edges, or that has none, as it is', () => {
    expect(chartsCrop([chart(0, 0, 398, 298)], { width: 400, height: 300 })).toBeNull();
    expect(chartsCrop([], { width: 400, height: 300 })).toBeNull();
  });

  it('cuts the PNG itself', () => {
    const content = picture(400, 300);
    const cut = PNG.sync.read(cropToCharts({ content, charts: [chart(4, 4, 96, 60)] }));
    expect([cut.width, cut.height]).toEqual([100 + CROP_MARGIN, 64 + CROP_MARGIN]);
    expect(cropToCharts({ content, charts: [] })).toBe(content);
  });
});
