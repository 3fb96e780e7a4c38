/**
 * Web Mercator for the MapBox chart: points drawn as x = longitude, y = mercator(latitude) (both in
 * degrees), and the view fitted to the points so a Mapbox static picture of the same box lines up.
 */

/** Web Mercator's latitude limit: the square world of the tiles. */
export const MAX_MERCATOR_LATITUDE = 85.0511287798;

const DEGREES = 180 / Math.PI;

/** Latitude in degrees → Web Mercator y, in degree-like units (y = x at the equator's scale). */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, latitude));
  return DEGREES * Math.log(Math.tan(Math.PI / 4 + clamped / (2 * DEGREES)));
}

/** The inverse of mercatorY. */
export function latitudeOfMercatorY(y: number): number {
  return DEGREES * (2 * Math.atan(Math.exp(y / DEGREES)) - Math.PI / 2);
}

export interface LonLat {
  lon: number;
  lat: number;
}

/** A box in longitude and latitude (what the Static Images API takes). */
export interface GeoBounds {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** The same box in the chart's axes: longitude by mercator y. */
export interface ViewBox {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The smallest span a view has (a single point, or points on one line), in degrees. */
const MIN_SPAN = 0.02;

/**
 * The view of the points: their bounding box in mercator units, widened by `margin` (a share of the span
 * on each side) and then along one axis so its shape is the chart's (width × height), so a picture of
 * the box fills the chart exactly. Stays within the mercator world. Null when there are no points.
 */
export function fitView(
  points: readonly LonLat[],
  width: number,
  height: number,
  margin = 0.1,
): ViewBox | null {
  if (points.length === 0 || width <= 0 || height <= 0) return null;
  const xs = points.map((point) => point.lon);
  const ys = points.map((point) => mercatorY(point.lat));
  let minX = Math.min(...xs);
  let maxX = Math.max(...xs);
  let minY = Math.min(...ys);
  let maxY = Math.max(...ys);
  const padX = Math.max(maxX - minX, MIN_SPAN) * margin + Math.max(0, MIN_SPAN - (maxX - minX)) / 2;
  const padY = Math.max(maxY - minY, MIN_SPAN) * margin + Math.max(0, MIN_SPAN - (maxY - minY)) / 2;
  minX -= padX;
  maxX += padX;
  minY -= padY;
  maxY += padY;
  // Widen the narrower side to the chart's aspect ratio.
  const aspect = width / height;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  if (spanX / spanY < aspect) {
    const grow = (spanY * aspect - spanX) / 2;
    minX -= grow;
    maxX += grow;
  } else {
    const grow = (spanX / aspect - spanY) / 2;
    minY -= grow;
    maxY += grow;
  }
  const [left, right] = withinWorld(minX, maxX);
  const [bottom, top] = withinWorld(minY, maxY);
  return { minX: left, maxX: right, minY: bottom, maxY: top };
}

/** Moves a range inside the mercator world (±180 units both ways) when it pokes out and fits there. */
function withinWorld(min: number, max: number): [number, number] {
  const limit = 180;
  if (max - min >= 2 * limit) return [min, max];
  if (max > limit) return [min - (max - limit), limit];
  if (min < -limit) return [-limit, max + (-limit - min)];
  return [min, max];
}

/** The view as longitudes and latitudes. */
export function geoBoundsOf(view: ViewBox): GeoBounds {
  return {
    minLon: view.minX,
    minLat: latitudeOfMercatorY(view.minY),
    maxLon: view.maxX,
    maxLat: latitudeOfMercatorY(view.maxY),
  };
}
