import { describe, expect, it } from 'vitest';
import { fitView, geoBoundsOf, latitudeOfMercatorY, MAX_MERCATOR_LATITUDE, mercatorY } from './geometry.ts';

describe('web mercator', () => {
  it('keeps the equator, stretches the poles and turns back', () => {
    expect(mercatorY(0)).toBeCloseTo(0, 10);
    expect(mercatorY(MAX_MERCATOR_LATITUDE)).toBeCloseTo(180, 6);
    expect(mercatorY(-90)).toBeCloseTo(-180, 6);
    expect(mercatorY(60)).toBeGreaterThan(60);
    expect(latitudeOfMercatorY(mercatorY(51.5))).toBeCloseTo(51.5, 10);
  });
});

describe('fitView', () => {
  const points = [
    { lon: -122.4, lat: 37.8 },
    { lon: -74, lat: 40.7 },
    { lon: -87.6, lat: 41.9 },
  ];

  it('holds every point with a margin and has the chart’s shape', () => {
    const view = fitView(points, 800, 400)!;
    expect(view.minX).toBeLessThan(-122.4);
    expect(view.maxX).toBeGreaterThan(-74);
    expect(view.minY).toBeLessThan(mercatorY(37.8));
    expect(view.maxY).toBeGreaterThan(mercatorY(41.9));
    // 10% of the longitude span on each side; the y range grown to 800 × 400.
    expect(view.minX).toBeCloseTo(-122.4 - 4.84, 6);
    expect((view.maxX - view.minX) / (view.maxY - view.minY)).toBeCloseTo(2, 6);
  });

  it('gives a single point a small box around it', () => {
    const view = fitView([{ lon: 37.6, lat: 55.75 }], 300, 300)!;
    expect(view.maxX - view.minX).toBeGreaterThan(0);
    expect((view.minX + view.maxX) / 2).toBeCloseTo(37.6, 6);
    expect((view.maxX - view.minX) / (view.maxY - view.minY)).toBeCloseTo(1, 6);
  });

  it('stays inside the world and has nothing to fit without points', () => {
    const view = fitView(
      [
        { lon: 179.9, lat: 0 },
        { lon: 150, lat: 1 },
      ],
      400,
      400,
    )!;
    expect(view.maxX).toBeLessThanOrEqual(180);
    expect(fitView([], 400, 400)).toBeNull();
  });

  it('reads back as longitudes and latitudes', () => {
    const bounds = geoBoundsOf({ minX: -10, maxX: 10, minY: mercatorY(40), maxY: mercatorY(50) });
    expect(bounds.minLon).toBe(-10);
    expect(bounds.maxLon).toBe(10);
    expect(bounds.minLat).toBeCloseTo(40, 10);
    expect(bounds.maxLat).toBeCloseTo(50, 10);
  });
});
