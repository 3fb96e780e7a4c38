import { getColumn, hasColumn, rowCount } from './frame.ts';
import type { DataFrame } from './types.ts';
import { assignColumns, fail, isNullish, optionsOf, toNumber } from './util.ts';

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

export function geohashEncodeValue(lat: number, lon: number, precision = 12): string {
  let latLo = -90;
  let latHi = 90;
  let lonLo = -180;
  let lonHi = 180;
  let hash = '';
  let bit = 0;
  let ch = 0;
  let even = true;
  while (hash.length < precision) {
    if (even) {
      const mid = (lonLo + lonHi) / 2;
      if (lon >= mid) {
        ch = (ch << 1) | 1;
        lonLo = mid;
      } else {
        ch <<= 1;
        lonHi = mid;
      }
    } else {
      const mid = (latLo + latHi) / 2;
      if (lat >= mid) {
        ch = (ch << 1) | 1;
        latLo = mid;
      } else {
        ch <<= 1;
        latHi = mid;
      }
    }
    even = !even;
    if (++bit === 5) {
      hash += BASE32[ch];
      bit = 0;
      ch = 0;
    }
  }
  return hash;
}

/** Centre of a geohash cell as [lat, lon], or undefined for an invalid hash. */
export function geohashDecodeValue(hash: string): [number, number] | undefined {
  let latLo = -90;
  let latHi = 90;
  let lonLo = -180;
  let lonHi = 180;
  let even = true;
  for (const c of hash.toLowerCase()) {
    const idx = BASE32.indexOf(c);
    if (idx < 0) return undefined;
    for (let b = 4; b >= 0; b--) {
      const on = (idx >> b) & 1;
      if (even) {
        const mid = (lonLo + lonHi) / 2;
        if (on) lonLo = mid;
        else lonHi = mid;
      } else {
        const mid = (latLo + latHi) / 2;
        if (on) latLo = mid;
        else latHi = mid;
      }
      even = !even;
    }
  }
  return [(latLo + latHi) / 2, (lonLo + lonHi) / 2];
}

function need(frame: DataFrame, op: string, option: string, value: unknown, mustExist: boolean): string {
  if (typeof value !== 'string' || value === '')
    fail(op, option, `${op}: option ${option} must be a column name`);
  if (mustExist && !hasColumn(frame, value))
    fail(op, option, `Referenced columns not available in DataFrame: ${value}`);
  return value;
}

export function geohashDecode(frame: DataFrame, rawOptions: unknown): DataFrame {
  const op = 'geohash_decode';
  const o = optionsOf(op, rawOptions, true);
  const src = getColumn(frame, need(frame, op, 'geohash', o.geohash, true));
  const lat = new Array<unknown>(src.length);
  const lon = new Array<unknown>(src.length);
  src.forEach((v, i) => {
    const d = typeof v === 'string' ? geohashDecodeValue(v) : undefined;
    if (!isNullish(v) && !d) fail(op, 'geohash', `Invalid geohash string: ${String(v)}`);
    lat[i] = d ? d[0] : null;
    lon[i] = d ? d[1] : null;
  });
  return assignColumns(
    frame,
    new Map([
      [need(frame, op, 'latitude', o.latitude, false), lat],
      [need(frame, op, 'longitude', o.longitude, false), lon],
    ]),
  );
}

export function geohashEncode(frame: DataFrame, rawOptions: unknown): DataFrame {
  const op = 'geohash_encode';
  const o = optionsOf(op, rawOptions, true);
  const lat = getColumn(frame, need(frame, op, 'latitude', o.latitude, true));
  const lon = getColumn(frame, need(frame, op, 'longitude', o.longitude, true));
  const out = new Array<unknown>(rowCount(frame));
  for (let i = 0; i < out.length; i++) {
    const a = toNumber(lat[i]);
    const b = toNumber(lon[i]);
    out[i] = Number.isFinite(a) && Number.isFinite(b) ? geohashEncodeValue(a, b) : null;
  }
  return assignColumns(frame, new Map([[need(frame, op, 'geohash', o.geohash, false), out]]));
}

/** Parses 'lat, lon[, alt]' (decimal degrees, comma or space separated). */
export function geodeticParse(frame: DataFrame, rawOptions: unknown): DataFrame {
  const op = 'geodetic_parse';
  const o = optionsOf(op, rawOptions, true);
  const src = getColumn(frame, need(frame, op, 'geodetic', o.geodetic, true));
  const n = src.length;
  const lat = new Array<unknown>(n);
  const lon = new Array<unknown>(n);
  const alt = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const v = src[i];
    if (isNullish(v)) {
      lat[i] = lon[i] = alt[i] = null;
      continue;
    }
    const parts = String(v)
      .trim()
      .split(/[\s,;]+/)
      .map(Number);
    if (parts.length < 2 || parts.length > 3 || parts.some((p) => !Number.isFinite(p))) {
      fail(op, 'geodetic', `Invalid geodetic string: ${String(v)}`);
    }
    lat[i] = parts[0];
    lon[i] = parts[1];
    alt[i] = parts[2] ?? 0;
  }
  const cols = new Map<string, unknown[]>([
    [need(frame, op, 'latitude', o.latitude, false), lat],
    [need(frame, op, 'longitude', o.longitude, false), lon],
  ]);
  if (o.altitude !== undefined && o.altitude !== null)
    cols.set(need(frame, op, 'altitude', o.altitude, false), alt);
  return assignColumns(frame, cols);
}
