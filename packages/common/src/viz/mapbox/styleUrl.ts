/**
 * Mapbox style addresses (`mapbox://styles/{owner}/{style}`) and the Static Images API picture of a box
 * in one of them, which the MapBox chart draws behind its points.
 */
import { MAPBOX_STYLE_PREFIX } from '../../validation/index.ts';
import type { GeoBounds } from './geometry.ts';

export const DEFAULT_MAPBOX_STYLE = 'mapbox://styles/mapbox/light-v11';

/** The standard styles the control offers, as Superset's MapBox chart lists them. */
export const MAPBOX_STYLES = [
  { value: 'mapbox://styles/mapbox/streets-v12', key: 'streets' },
  { value: 'mapbox://styles/mapbox/dark-v11', key: 'dark' },
  { value: 'mapbox://styles/mapbox/light-v11', key: 'light' },
  { value: 'mapbox://styles/mapbox/satellite-streets-v12', key: 'satelliteStreets' },
  { value: 'mapbox://styles/mapbox/satellite-v9', key: 'satellite' },
  { value: 'mapbox://styles/mapbox/outdoors-v12', key: 'outdoors' },
] as const;

/** The largest picture the Static Images API draws, per side, in pixels. */
export const MAPBOX_STATIC_MAX_SIZE = 1280;

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** owner and style id of `mapbox://styles/{owner}/{style}`; null for anything else. */
export function parseMapboxStyle(url: string): { owner: string; style: string } | null {
  const text = url.trim();
  if (!text.startsWith(MAPBOX_STYLE_PREFIX)) return null;
  const parts = text.slice(MAPBOX_STYLE_PREFIX.length).replace(/\/$/, '').split('/');
  if (parts.length !== 2) return null;
  const [owner, style] = parts as [string, string];
  return SEGMENT.test(owner) && SEGMENT.test(style) ? { owner, style } : null;
}

/** Width and height within the API's limit, keeping their ratio (the picture is stretched back). */
export function staticImageSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAPBOX_STATIC_MAX_SIZE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const coordinate = (value: number) => String(Number(value.toFixed(6)));

/**
 * `https://api.mapbox.com/styles/v1/{owner}/{style}/static/[minLon,minLat,maxLon,maxLat]/{w}x{h}` with
 * the access token; null when the style is not a Mapbox style address or the box leaves the world.
 */
export function mapboxStaticImageUrl(
  styleUrl: string,
  bounds: GeoBounds,
  width: number,
  height: number,
  accessToken: string,
): string | null {
  const style = parseMapboxStyle(styleUrl);
  if (!style || accessToken === '') return null;
  const { minLon, minLat, maxLon, maxLat } = bounds;
  const inWorld =
    minLon >= -180 && maxLon <= 180 && minLat >= -90 && maxLat <= 90 && minLon < maxLon && minLat < maxLat;
  if (!inWorld) return null;
  const size = staticImageSize(width, height);
  const box = [minLon, minLat, maxLon, maxLat].map(coordinate).join(',');
  return (
    `https://api.mapbox.com/styles/v1/${encodeURIComponent(style.owner)}/${encodeURIComponent(style.style)}` +
    `/static/[${box}]/${size.width}x${size.height}?access_token=${encodeURIComponent(accessToken)}`
  );
}
