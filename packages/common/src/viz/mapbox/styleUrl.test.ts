import { describe, expect, it } from 'vitest';
import { mapboxStaticImageUrl, parseMapboxStyle, staticImageSize } from './styleUrl.ts';

describe('parseMapboxStyle', () => {
  it('reads owner and style of a mapbox://styles/ address', () => {
    expect(parseMapboxStyle('mapbox://styles/mapbox/streets-v12')).toEqual({
      owner: 'mapbox',
      style: 'streets-v12',
    });
    expect(parseMapboxStyle(' mapbox://styles/acme/cjx1.2_b/ ')).toEqual({
      owner: 'acme',
      style: 'cjx1.2_b',
    });
  });

  it('refuses anything else', () => {
    expect(parseMapboxStyle('https://example.com/style')).toBeNull();
    expect(parseMapboxStyle('mapbox://styles/mapbox')).toBeNull();
    expect(parseMapboxStyle('mapbox://styles/a/b/c')).toBeNull();
    expect(parseMapboxStyle('mapbox://styles/a/b?x=1')).toBeNull();
  });
});

describe('mapboxStaticImageUrl', () => {
  const bounds = { minLon: -125, minLat: 24.5, maxLon: -66.95, maxLat: 49.38 };

  it('asks the Static Images API for the box in the style', () => {
    expect(mapboxStaticImageUrl('mapbox://styles/mapbox/dark-v11', bounds, 640, 400, 'pk.a b')).toBe(
      'https://api.mapbox.com/styles/v1/mapbox/dark-v11/static/[-125,24.5,-66.95,49.38]/640x400?access_token=pk.a%20b',
    );
  });

  it('keeps the picture within the API’s 1280 pixels, in the same shape', () => {
    expect(staticImageSize(2560, 1000)).toEqual({ width: 1280, height: 500 });
    expect(staticImageSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(mapboxStaticImageUrl('mapbox://styles/mapbox/light-v11', bounds, 2000, 2000, 'pk')).toContain(
      '/1280x1280?',
    );
  });

  it('has no picture without a style address, a token or a box in the world', () => {
    expect(mapboxStaticImageUrl('https://example.com/style', bounds, 400, 300, 'pk')).toBeNull();
    expect(mapboxStaticImageUrl('mapbox://styles/mapbox/light-v11', bounds, 400, 300, '')).toBeNull();
    expect(
      mapboxStaticImageUrl('mapbox://styles/mapbox/light-v11', { ...bounds, minLon: -190 }, 400, 300, 'pk'),
    ).toBeNull();
  });
});
