/**
 * Typed readers of the family's form data. Saved form data comes from many Superset versions (strings
 * for numbers, `true` for a stack, a single string for a list), so every value is coerced here once and
 * buildQuery / transformProps read the typed result.
 */
import { asArray } from '../shared/query.ts';
import type { FormData } from '../types.ts';
import {
  COMPARISON_TYPES,
  CONTRIBUTION_MODES,
  type ComparisonType,
  type ContributionMode,
  DEFAULT_AREA_OPACITY,
  DEFAULT_MARKER_SIZE,
  LEGEND_ORIENTATIONS,
  type LegendOrientation,
  type LegendType,
  type Orientation,
  SERIES_TYPES,
  type SeriesType,
  type StackMode,
} from './constants.ts';

export function boolOf(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

/** A finite number from a number or numeric text; the fallback otherwise. */
export function numberOf(value: unknown, fallback: number): number;
export function numberOf(value: unknown, fallback: null): number | null;
export function numberOf(value: unknown, fallback: number | null): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : fallback;
  }
  return fallback;
}

export function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** `true` (older form data and the mixed chart's checkbox) and 'Stack' stack; 'Stream' and 'Expand' too. */
export function stackModeOf(value: unknown): StackMode | null {
  if (value === true) return 'Stack';
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  if (lower === 'stack' || lower === 'true') return 'Stack';
  if (lower === 'stream') return 'Stream';
  if (lower === 'expand') return 'Expand';
  return null;
}

/** `[min, max]`; a missing or non-numeric bound is null (the axis finds it from the data). */
export function boundsOf(value: unknown): [number | null, number | null] {
  const [min, max] = Array.isArray(value) ? value : [];
  return [numberOf(min, null), numberOf(max, null)];
}

export interface CurrencyOption {
  symbol: string;
  symbolPosition: string;
}

/** The currency control's value, or null when no symbol is chosen. */
export function currencyOf(value: unknown): CurrencyOption | null {
  if (!value || typeof value !== 'object') return null;
  const { symbol, symbolPosition } = value as Record<string, unknown>;
  if (typeof symbol !== 'string' || symbol === '' || symbol === 'AUTO') return null;
  return { symbol, symbolPosition: typeof symbolPosition === 'string' ? symbolPosition : 'prefix' };
}

export function contributionModeOf(formData: FormData): ContributionMode | null {
  return oneOf(formData.contributionMode, CONTRIBUTION_MODES);
}

/** time_compare as a list of offsets the server can shift by ('custom' needs dates the family does not offer). */
export function timeCompareOf(formData: FormData): string[] {
  return asArray(formData.time_compare as string | string[] | null | undefined).filter(
    (offset): offset is string => typeof offset === 'string' && offset.trim() !== '' && offset !== 'custom',
  );
}

/** comparison_type; Superset's control defaults to 'values' and the legacy 'absolute' is a difference. */
export function comparisonTypeOf(formData: FormData): ComparisonType {
  if (formData.comparison_type === 'absolute') return 'difference';
  return oneOf(formData.comparison_type, COMPARISON_TYPES) ?? 'values';
}

/** How one query's series look: the chart type's defaults, overridden by form data (mixed: suffix 'B'). */
export interface SeriesStyle {
  seriesType: SeriesType;
  stack: StackMode | null;
  area: boolean;
  opacity: number;
  markerEnabled: boolean;
  markerSize: number;
  showValue: boolean;
  onlyTotal: boolean;
}

export function seriesStyleOf(formData: FormData, defaults: SeriesStyle, suffix = ''): SeriesStyle {
  const key = (name: string) => formData[`${name}${suffix}`];
  return {
    seriesType: oneOf(key('seriesType'), SERIES_TYPES) ?? defaults.seriesType,
    stack: key('stack') === undefined ? defaults.stack : stackModeOf(key('stack')),
    area: boolOf(key('area'), defaults.area),
    opacity: numberOf(key('opacity'), defaults.opacity),
    markerEnabled: boolOf(key('markerEnabled'), defaults.markerEnabled),
    markerSize: numberOf(key('markerSize'), defaults.markerSize),
    showValue: boolOf(key('show_value'), defaults.showValue),
    onlyTotal: boolOf(key('only_total'), defaults.onlyTotal),
  };
}

export const DEFAULT_SERIES_STYLE: SeriesStyle = {
  seriesType: 'line',
  stack: null,
  area: false,
  opacity: DEFAULT_AREA_OPACITY,
  markerEnabled: false,
  markerSize: DEFAULT_MARKER_SIZE,
  showValue: false,
  onlyTotal: true,
};

export interface LegendOptions {
  show: boolean;
  type: LegendType;
  orientation: LegendOrientation;
}

export function legendOf(formData: FormData): LegendOptions {
  return {
    show: boolOf(formData.show_legend, true),
    type: formData.legendType === 'plain' ? 'plain' : 'scroll',
    orientation: oneOf(formData.legendOrientation, LEGEND_ORIENTATIONS) ?? 'top',
  };
}

export function orientationOf(formData: FormData): Orientation {
  return formData.orientation === 'horizontal' ? 'horizontal' : 'vertical';
}

/** Splits mixed form data into query A's and query B's: B's `<key>_b` values replace `<key>`. */
export function formDataOfQuery(formData: FormData, query: 'A' | 'B'): FormData {
  const out: FormData = { ...formData };
  for (const key of Object.keys(formData)) if (key.endsWith('_b')) delete out[key];
  if (query === 'B') {
    for (const [key, value] of Object.entries(formData)) {
      if (key.endsWith('_b')) out[key.slice(0, -2)] = value;
    }
  }
  return out;
}
