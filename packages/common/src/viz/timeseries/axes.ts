/**
 * Axes of the family: which kind the x-axis is (time for temporal columns, value for numbers that are
 * not stacked, category otherwise, as Superset decides), x values in the form that kind needs, and the
 * value axis with its format, log scale, bounds and titles.
 */
import type { NumberFormatter } from '../../format/number.ts';
import type { TimeFormatter } from '../../format/time.ts';
import type { ChartDataResult, DatasourceMeta } from '../types.ts';
import { DTTM_ALIAS } from './constants.ts';

export type AxisKind = 'time' | 'value' | 'category';

const NUMERIC = 0;
const TEMPORAL = 2;

function xColumnType(
  result: ChartDataResult | undefined,
  xAxisLabel: string,
  datasource: DatasourceMeta | undefined,
): number | null {
  const index = result?.colnames?.indexOf(xAxisLabel) ?? -1;
  const coltype = index >= 0 ? result?.coltypes?.[index] : undefined;
  if (typeof coltype === 'number') return coltype;
  const column = datasource?.columns.find((candidate) => candidate.column_name === xAxisLabel);
  if (column?.is_dttm) return TEMPORAL;
  if (typeof column?.type_generic === 'number') return column.type_generic;
  return xAxisLabel === DTTM_ALIAS ? TEMPORAL : null;
}

export function xAxisKindOf(
  result: ChartDataResult | undefined,
  xAxisLabel: string,
  datasource: DatasourceMeta | undefined,
  options: { stacked: boolean; forceCategorical: boolean },
): AxisKind {
  if (options.forceCategorical) return 'category';
  const type = xColumnType(result, xAxisLabel, datasource);
  if (type === TEMPORAL) return 'time';
  if (type === NUMERIC && !options.stacked) return 'value';
  return 'category';
}

/**
 * An x value as its axis needs it: epoch ms on a time axis, a number on a value axis, text on a
 * category axis (ECharts reads a number on a category axis as the category's index).
 */
export function xValueOf(raw: unknown, kind: AxisKind): string | number | null {
  if (kind === 'category') return raw === null || raw === undefined ? 'NULL' : String(raw);
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (kind === 'time' && typeof raw === 'string') {
    const parsed = Date.parse(raw);
    return Number.isNaN(parsed) ? null : parsed;
  }
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return null;
}

export interface XAxisOptions {
  kind: AxisKind;
  title: string;
  titleMargin: number;
  rotation: number;
  timeFormatter: TimeFormatter;
  numberFormatter: NumberFormatter;
  /** No ticks closer than the time grain (no hourly ticks on daily data). */
  minInterval?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Superset's grain → shortest tick interval; a month is 31 days so that no month gets two ticks. */
const GRAIN_INTERVALS: Record<string, number> = {
  PT1S: 1000,
  PT1M: 60_000,
  PT1H: HOUR,
  P1D: DAY,
  P1W: 7 * DAY,
  P1M: 31 * DAY,
  P3M: 3 * 31 * DAY,
  P1Y: 366 * DAY,
};

export function grainInterval(grain: unknown): number | undefined {
  return typeof grain === 'string' && Object.hasOwn(GRAIN_INTERVALS, grain)
    ? GRAIN_INTERVALS[grain]
    : undefined;
}

/** The dimension axis (x, or y of a horizontal bar chart). */
export function dimensionAxis(options: XAxisOptions, horizontal: boolean): Record<string, unknown> {
  const formatter =
    options.kind === 'time'
      ? (value: number) => options.timeFormatter(value)
      : options.kind === 'value'
        ? (value: number) => options.numberFormatter(value)
        : undefined;
  return {
    type: options.kind,
    name: options.title,
    nameLocation: 'middle',
    nameGap: options.titleMargin,
    axisLabel: {
      hideOverlap: true,
      ...(formatter ? { formatter } : {}),
      ...(options.rotation && !horizontal ? { rotate: options.rotation } : {}),
    },
    ...(options.kind === 'time' && options.minInterval ? { minInterval: options.minInterval } : {}),
    ...(horizontal ? { inverse: true } : {}),
  };
}

export interface ValueAxisOptions {
  formatter: NumberFormatter;
  log: boolean;
  bounds: [number | null, number | null];
  /** Start at the data rather than at zero (truncateYAxis); the bounds apply only then. */
  truncate: boolean;
  minorSplitLine: boolean;
  title: string;
  titleMargin: number;
  /** The smallest positive value, for a log axis' lower bound. */
  minPositive: number | null;
  /** Shares of a whole (row contribution stacked, Expand): 0 to 1. */
  share: boolean;
}

/** The lower power of ten below a value: where a log axis starts. */
export function lowerLogTick(value: number): number {
  return 10 ** Math.floor(Math.log10(value));
}

export function valueAxis(options: ValueAxisOptions): Record<string, unknown> {
  let [min, max] = options.truncate ? options.bounds : [null, null];
  if (options.share) {
    min ??= 0;
    max ??= 1;
  }
  if (options.log && min === null && options.minPositive !== null) min = lowerLogTick(options.minPositive);
  return {
    type: options.log ? 'log' : 'value',
    scale: options.truncate,
    ...(min !== null ? { min } : {}),
    ...(max !== null ? { max } : {}),
    name: options.title,
    nameLocation: 'middle',
    nameGap: options.titleMargin,
    axisLabel: { formatter: (value: number) => options.formatter(value) },
    minorTick: { show: options.minorSplitLine },
    minorSplitLine: { show: options.minorSplitLine },
  };
}
